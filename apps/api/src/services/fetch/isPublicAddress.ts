import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * IPv4 ranges a server must not be talked into reaching (IANA special-purpose registry): this
 * network, private, CGNAT, loopback, link-local, IETF protocol assignments, documentation,
 * AS112, AMT, the 6to4 relay anycast, benchmarking, multicast, reserved and broadcast.
 */
export const blockedIpv4Ranges = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const

/**
 * IPv6 ranges refused outright. Only global unicast (2000::/3) is ever allowed, so this list
 * names, for the record and the tests, what lies outside it (unspecified, loopback, the
 * IPv4-compatible ::/96, the local-use NAT64 64:ff9b:1::/48, discard, unique local,
 * link-local, the deprecated site-local fec0::/10, multicast) and what is carved out of it:
 * IETF protocol assignments (2001::/23, Teredo included), documentation (2001:db8::/32,
 * 3fff::/20) and 6to4 (2002::/16, which embeds any IPv4 address, private ones included).
 * IPv4-mapped addresses (::ffff:0:0/96) and NAT64's well-known prefix (64:ff9b::/96) are
 * judged by the IPv4 address they embed instead (64:ff9b::a9fe:a9fe is 169.254.169.254).
 */
export const blockedIpv6Ranges = [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const

const blockedIpv4 = new BlockList()
for (const [network, prefix] of blockedIpv4Ranges) blockedIpv4.addSubnet(network, prefix, 'ipv4')
const blockedIpv6 = new BlockList()
for (const [network, prefix] of blockedIpv6Ranges) blockedIpv6.addSubnet(network, prefix, 'ipv6')
const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')

/**
 * True for a public unicast IP address: not private, loopback, link-local, CGNAT, multicast,
 * broadcast, documentation, unspecified or reserved, in IPv4 or IPv6. An IPv4-mapped or NAT64
 * address is judged by its IPv4 part; anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !blockedIpv4.check(address, 'ipv4')
  if (!isIPv6(address)) return false
  const bytes = ipv6Bytes(address)
  if (!bytes) return false
  const mapped =
    bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
  // NAT64's well-known prefix reaches the IPv4 address it embeds (DNS64 networks use it for
  // every IPv4 site), so it is as public as that address.
  const nat64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0].every(
    (byte, index) => bytes[index] === byte,
  )
  if (mapped || nat64) return isPublicAddress(bytes.subarray(12).join('.'))
  return globalUnicast.check(address, 'ipv6') && !blockedIpv6.check(address, 'ipv6')
}

/** The 16 bytes of a textual IPv6 address (with `::` and a trailing dotted quad). */
function ipv6Bytes(address: string): Uint8Array | undefined {
  let text = address.toLowerCase()
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
  if (quad) {
    const parts = quad.split('.').map(Number)
    const high = ((parts[0] ?? 0) << 8) | (parts[1] ?? 0)
    const low = ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)
    text = `${text.slice(0, -quad.length)}${high.toString(16)}:${low.toString(16)}`
  }
  const [head = '', tail, ...more] = text.split('::')
  if (more.length > 0) return undefined
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined
  const groups = [
    ...headGroups,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ]
  const bytes = new Uint8Array(16)
  for (const [index, group] of groups.entries()) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined
    const value = Number.parseInt(group, 16)
    bytes[index * 2] = value >> 8
    bytes[index * 2 + 1] = value & 0xff
  }
  return bytes
}
