import { originMatchCases } from '@latch/test'
import { expect, test } from 'vitest'
import { createOriginMatcher } from './createOriginMatcher.ts'
import { parseOrigin } from './parseOrigin.ts'
import { parseOriginPattern } from './parseOriginPattern.ts'

const localhost = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*']

// [patterns, origin, allowed]: shared with the connect modal's matcher in @latch/core.
const table = [
  ...originMatchCases,
  // The API alone sees an opaque origin: `*` allows it too.
  [['*'], 'null', true],
] as const

test.each(table)('%j allows %s: %s', (patterns, origin, allowed) => {
  expect(createOriginMatcher(patterns)(origin)).toBe(allowed)
})

test('valid patterns', () => {
  const valid = [
    '*',
    'https://app.example.com',
    'https://*.example.com',
    'https://*.example.co.uk',
    'https://*.alice.github.io',
    'http://localhost:*',
    'http://127.0.0.1:4170',
    'http://[::1]:*',
    'https://app.test/',
  ]
  expect(valid.filter((pattern) => !parseOriginPattern(pattern).ok)).toEqual([])
})

test('malformed and over-broad patterns are refused with a reason', () => {
  const refused = Object.fromEntries(
    [
      'example.com',
      'ftp://example.com',
      'https://',
      'https://app.example.com/path',
      'https://user@app.example.com',
      'https://app.example.com:port',
      'https://app.example.com:70000',
      'https://app .example.com',
      'https://app.example.com?x',
      'http://127.1',
      'https://*.com',
      'https://*.co.uk',
      'https://*.github.io',
      'https://example.*',
      'https://app.*.example.com',
      'https://*app.example.com',
      'http://*:*',
      'https://*',
      'https://*.127.0.0.1',
      `https://${'a'.repeat(300)}.test`,
    ].map((pattern) => {
      const parsed = parseOriginPattern(pattern)
      return [pattern, parsed.ok ? 'ALLOWED' : parsed.problem.replace(/^".*?" /, '')]
    }),
  )
  expect(Object.values(refused)).not.toContain('ALLOWED')
  expect(refused['https://*.co.uk']).toBe(
    'is too broad: co.uk is a public suffix, where anyone can register a site. Name a domain under it, like "https://*.example.co.uk".',
  )
  expect(refused['https://*.github.io']).toContain('github.io is a public suffix')
  expect(refused['https://*.com']).toContain('com is a public suffix')
  expect(refused['https://example.*']).toContain('only patterns like "https://*.example.com"')
  expect(refused['http://*:*']).toBe(
    'allows every host: name a domain, like "https://*.example.com".',
  )
})

test('origins that do not parse', () => {
  for (const origin of [
    '',
    'app.test',
    'https://',
    'https://app.test/path',
    'https://app.test?x',
    'https://user@app.test',
    'https://app.test:99999',
    'https://app test',
    `https://${'a'.repeat(300)}.test`,
  ])
    expect(parseOrigin(origin), origin).toBeUndefined()
  expect(parseOrigin('https://App.Test:443')).toEqual({
    scheme: 'https:',
    host: 'app.test',
    port: '',
  })
  expect(parseOrigin('null')).toEqual({ scheme: 'null', host: '', port: '' })
})

test('16 KB origins against multi-wildcard patterns are decided in under 5 ms each', () => {
  const matches = createOriginMatcher([
    'https://*.a.example.com',
    'https://*.b.example.com:*',
    'http://*.c.example.com:*',
    ...localhost,
  ])
  const hostile = [
    `https://${'a.'.repeat(8000)}example.com`,
    `https://${'a-'.repeat(8000)}.a.example.com`,
    `http://localhost:${'9'.repeat(16_000)}`,
    `https://${'*.'.repeat(8000)}b.example.com`,
    `https://${'.'.repeat(16_000)}`,
  ]
  // Each input's cost is its fastest of 20 rounds: a pause of the machine (GC, another test
  // worker on the same core) lengthens one round, while a super-linear match lengthens all.
  const timed = (decide: () => void) => {
    let fastest = Number.POSITIVE_INFINITY
    for (let round = 0; round < 20; round++) {
      const start = performance.now()
      decide()
      fastest = Math.min(fastest, performance.now() - start)
    }
    return fastest
  }
  let slowest = 0
  for (const origin of hostile)
    slowest = Math.max(
      slowest,
      timed(() => expect(matches(origin)).toBe(false)),
    )
  // Past the length guard, the label comparison itself stays linear on a 16 KB host.
  for (const host of [`${'a.'.repeat(8000)}a.example.com`, `${'a.'.repeat(8000)}b.example.co`])
    slowest = Math.max(
      slowest,
      timed(() => matches({ scheme: 'https:', host, port: '' })),
    )
  expect(slowest).toBeLessThan(5)
  const long = `https://${'a.'.repeat(130)}a.example.com`
  expect(long.length).toBeLessThanOrEqual(300)
  expect(matches(long)).toBe(true)
})
