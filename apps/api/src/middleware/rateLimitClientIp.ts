import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client a rate limit counts: the socket's remote address, or, behind `trustProxyHops`
 * trusted proxies, the address the nearest of them saw (`X-Forwarded-For`, read from the
 * right, since a client can write anything on its left). An IPv6 client counts by its /64,
 * since one host usually holds the whole prefix. `unknown` without a socket (`app.request`).
 */
export function rateLimitClientIp(c: Context, trustProxyHops = 0): string {
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    address = undefined
  }
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0)
    // The socket is the last proxy; each further trusted proxy appended the address it saw.
    const candidate = forwarded[forwarded.length - trustProxyHops]
    if (candidate && isIP(candidate)) address = candidate
  }
  return address ? normalize(address) : 'unknown'
}

function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (isIP(address) !== 6) return address
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = Array(Math.max(0, 8 - left.length - right.length)).fill('0')
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  )
}
