import { originMatchCases } from '@latch/test'
import { expect, test } from 'vitest'
import { isOriginAllowed } from './isOriginAllowed.ts'

test.each(originMatchCases)(
  '%j allows %s: %s (as the API decides)',
  (patterns, origin, allowed) => {
    expect(isOriginAllowed(origin, patterns)).toBe(allowed)
  },
)

test('a page address with a path, or a pattern that does not parse, allows nothing', () => {
  expect(isOriginAllowed('https://app.test/path', ['https://app.test'])).toBe(false)
  expect(isOriginAllowed('https://user@app.test', ['https://app.test'])).toBe(false)
  expect(isOriginAllowed('https://app.test', ['app.test', 'https://app.test:port'])).toBe(false)
})
