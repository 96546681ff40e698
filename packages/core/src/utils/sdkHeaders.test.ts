import { expect, test } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { sdkHeaders, sdkVersion } from './sdkHeaders.ts'

test('the SDK version is the version of @latch/core, and the headers carry it', () => {
  expect(sdkVersion).toBe(packageJson.version)
  expect(sdkHeaders['x-sdk-version']).toBe(packageJson.version)
  expect(sdkHeaders['x-sdk-type']).toBe('latch')
})
