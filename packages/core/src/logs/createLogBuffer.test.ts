import { expect, test } from 'vitest'
import { createLogBuffer } from './createLogBuffer.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const signature = `0x${'1b'.repeat(65)}`

test('by default it records errors and above only, in a buffer of 1,024,000 bytes', () => {
  const logs = createLogBuffer()
  expect([logs.level, logs.maxBytes]).toEqual(['error', 1_024_000])
  logs.debug('debug')
  logs.info('info')
  logs.warn('warn')
  logs.error('error')
  logs.fatal('fatal')
  expect(logs.entries().map((entry) => entry.message)).toEqual(['error', 'fatal'])
})

test('the level is configurable: warn records warnings, silent records nothing', () => {
  const warn = createLogBuffer({ level: 'warn' })
  warn.info('no')
  warn.warn('yes', { chainId: 1 })
  expect(warn.entries()).toEqual([
    { time: expect.any(String), level: 'warn', message: 'yes', context: { chainId: 1 } },
  ])
  const silent = createLogBuffer({ level: 'silent' })
  silent.fatal('nothing')
  expect(silent.entries()).toEqual([])
  expect(() => createLogBuffer({ level: 'loud' as never })).toThrow(/logLevel must be one of/)
  expect(() => createLogBuffer({ maxBytes: 10 })).toThrow(/at least 1024/)
})

test('past the cap the oldest entries are dropped; the size never exceeds it', () => {
  const maxBytes = 4096
  const logs = createLogBuffer({ maxBytes, now: () => 0 })
  for (let index = 0; index < 500; index++) {
    logs.error(`entry ${index}`, { padding: 'x'.repeat(index % 50) })
    expect(logs.size()).toBeLessThanOrEqual(maxBytes)
  }
  const entries = logs.entries()
  expect(entries.at(-1)?.message).toBe('entry 499')
  const first = Number(entries[0]?.message.split(' ')[1])
  // Contiguous: only the oldest went.
  expect(entries.map((entry) => entry.message)).toEqual(
    Array.from({ length: 500 - first }, (_, index) => `entry ${first + index}`),
  )
  expect(logs.dropped()).toBe(first)
  const bytes = entries.reduce(
    (sum, entry) => sum + new TextEncoder().encode(JSON.stringify(entry)).byteLength + 1,
    0,
  )
  expect(bytes).toBe(logs.size())
  // Full: the next entry would not fit without dropping.
  expect(logs.size()).toBeGreaterThan(maxBytes - 200)
})

test('the default cap holds about a megabyte and drops beyond it', () => {
  const logs = createLogBuffer()
  const line = 'y'.repeat(1000)
  for (let index = 0; index < 1200; index++) logs.error(line, { index })
  expect(logs.size()).toBeLessThanOrEqual(1_024_000)
  expect(logs.size()).toBeGreaterThan(1_020_000)
  expect(logs.dropped()).toBeGreaterThan(0)
  expect(logs.entries().at(-1)?.context).toEqual({ index: 1199 })
})

test('an entry larger than the whole buffer is cut, not lost, and not over the cap', () => {
  const logs = createLogBuffer({ maxBytes: 2048 })
  logs.error('small')
  logs.error('huge', { blob: 'z'.repeat(10_000) })
  expect(logs.size()).toBeLessThanOrEqual(2048)
  expect(logs.entries().at(-1)?.message).toContain('huge')
})

test('keys, signatures and tokens never enter the buffer; addresses do', () => {
  const logs = createLogBuffer({ level: 'trace' })
  logs.error(`signing failed with ${signature}`, {
    address,
    privateKey,
    request: { params: [address, privateKey] },
    nested: { signature: 'anything', sig: '0x12' },
    headers: { authorization: 'Bearer abc' },
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig',
    error: Object.assign(new Error(`bad key ${privateKey}`), { code: 4001 }),
  })
  const text = JSON.stringify(logs.entries())
  expect(text).toContain(address)
  expect(text).not.toContain(privateKey.slice(2))
  expect(text).not.toContain('1b1b1b')
  expect(text).not.toContain('anything')
  expect(text).not.toContain('Bearer abc')
  expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9')
  expect(logs.entries()[0]?.context).toMatchObject({
    privateKey: '[redacted]',
    request: { params: [address, '[redacted]'] },
    error: { name: 'Error', message: 'bad key [redacted]', code: 4001 },
  })
})
