import { afterEach, expect, test, vi } from 'vitest'
import { createConsoleLogger } from './logger.ts'
import { redactUrls } from './redactUrls.ts'

test('URLs keep their scheme and host only', () => {
  expect(
    redactUrls(
      'HTTP request failed.\nURL: https://eth-mainnet.example.com/v2/SECRETKEY Request body: {"method":"eth_call"}',
    ),
  ).toBe(
    'HTTP request failed.\nURL: https://eth-mainnet.example.com/[redacted] Request body: {"method":"eth_call"}',
  )
  expect(redactUrls('"https://rpc.example?apikey=SECRET"')).toBe('"https://rpc.example/[redacted]"')
  expect(redactUrls('wss://user:SECRET@node.example:8546/ws')).toBe(
    'wss://node.example:8546/[redacted]',
  )
  expect(redactUrls('API listening on http://127.0.0.1:4171')).toBe(
    'API listening on http://127.0.0.1:4171',
  )
  expect(redactUrls('no url here')).toBe('no url here')
})

test('a long hostile line is redacted quickly', () => {
  const line = `${'https://a'.repeat(20_000)} ${'x'.repeat(100_000)}`
  const start = performance.now()
  redactUrls(line)
  expect(performance.now() - start).toBeLessThan(200)
})

afterEach(() => {
  vi.restoreAllMocks()
})

test('the console logger writes no key from a message or its fields', () => {
  const lines: string[] = []
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line))
  vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line))
  const logger = createConsoleLogger()
  logger.warn('Upstream failed: https://rpc.example/v3/KEY1', {
    cause: 'URL: https://rpc.example/v3/KEY2',
  })
  logger.error('Unhandled error.', { error: 'at fetch (https://rpc.example/?key=KEY3)' })
  expect(lines.join('\n')).not.toMatch(/KEY\d/)
  expect(lines).toHaveLength(2)
})
