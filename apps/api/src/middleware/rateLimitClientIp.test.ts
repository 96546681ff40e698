import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { rateLimitClientIp } from './rateLimitClientIp.ts'

/** The client key an app with `hops` trusted proxies reads from a request off `socketIp`. */
async function clientOf(
  socketIp: string | undefined,
  { hops = 0, forwardedFor }: { hops?: number; forwardedFor?: string } = {},
) {
  const app = new Hono().get('/', (c) => c.text(rateLimitClientIp(c, hops)))
  const env = socketIp ? { incoming: { socket: { remoteAddress: socketIp } } } : undefined
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}
  return (await app.request('/', { headers }, env)).text()
}

test('the socket address, not X-Forwarded-For, unless proxies are trusted', async () => {
  expect(await clientOf('198.51.100.7', { forwardedFor: '203.0.113.1' })).toBe('198.51.100.7')
  expect(await clientOf('::ffff:198.51.100.7')).toBe('198.51.100.7')
  expect(await clientOf(undefined)).toBe('unknown')
})

test('behind trusted proxies, the address the nearest one saw (read from the right)', async () => {
  // The client wrote a fake first entry; the one proxy appended the real address.
  const forwardedFor = '10.0.0.1, 203.0.113.9'
  expect(await clientOf('127.0.0.1', { hops: 1, forwardedFor })).toBe('203.0.113.9')
  expect(await clientOf('127.0.0.1', { hops: 2, forwardedFor })).toBe('10.0.0.1')
  // Fewer entries than hops, or garbage: the socket.
  expect(await clientOf('127.0.0.1', { hops: 3, forwardedFor })).toBe('127.0.0.1')
  expect(await clientOf('127.0.0.1', { hops: 1, forwardedFor: 'not-an-ip' })).toBe('127.0.0.1')
})

test('an IPv6 client counts by its /64', async () => {
  expect(await clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
  expect(await clientOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
  expect(await clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
})
