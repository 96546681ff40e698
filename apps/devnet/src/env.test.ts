import path from 'node:path'
import { InvalidConfigError } from '@latch/config'
import { describe, expect, test } from 'vitest'
import { readDevnetEnv, repoRoot } from './env.ts'

describe('readDevnetEnv', () => {
  test('reads the devnet settings through the shared schema', () => {
    expect(
      readDevnetEnv({
        LATCH_DEVNET_ALLOWED_ORIGINS: 'https://a.test, https://b.test,,',
        LATCH_DEVNET_ALLOWED_HOSTS: 'devnet.test',
        LATCH_STATE_DIR: 'relative/state',
        LATCH_PROJECT_ID: 'shop-1',
        HOME: '/root',
      }),
    ).toEqual({
      stateDir: path.resolve('relative/state'),
      projectId: 'shop-1',
      allowedOrigins: ['https://a.test', 'https://b.test'],
      allowedHosts: ['devnet.test'],
    })
    expect(readDevnetEnv({})).toEqual({
      stateDir: path.join(repoRoot, '.latch'),
      projectId: undefined,
      allowedOrigins: [],
      allowedHosts: [],
    })
  })

  test('an unknown LATCH_* variable fails with its name', () => {
    expect(() => readDevnetEnv({ LATCH_DEVNET_ALLOWED_ORIGIN: 'https://a.test' })).toThrow(
      InvalidConfigError,
    )
    expect(() => readDevnetEnv({ LATCH_DEVNET_ALLOWED_ORIGIN: 'https://a.test' })).toThrow(
      '- LATCH_DEVNET_ALLOWED_ORIGIN: Unknown setting.',
    )
  })
})
