import { describe, expect, test } from 'vitest'
import { blockedIpv4Ranges, isPublicAddress } from './isPublicAddress.ts'

/** Every range's first and last address, and forms that embed a blocked IPv4 address. */
const blocked: Record<string, readonly string[]> = {
  'this network 0/8': ['0.0.0.0', '0.255.255.255'],
  'private 10/8': ['10.0.0.0', '10.255.255.255'],
  'CGNAT 100.64/10': ['100.64.0.0', '100.127.255.255'],
  'loopback 127/8': ['127.0.0.1', '127.255.255.254'],
  'link-local 169.254/16 (cloud metadata)': ['169.254.0.1', '169.254.169.254'],
  'private 172.16/12': ['172.16.0.0', '172.31.255.255'],
  'IETF 192.0.0/24': ['192.0.0.0', '192.0.0.255'],
  'documentation 192.0.2/24': ['192.0.2.1'],
  'AS112 192.31.196/24': ['192.31.196.1'],
  'AMT 192.52.193/24': ['192.52.193.1'],
  '6to4 relay 192.88.99/24': ['192.88.99.1'],
  'private 192.168/16': ['192.168.0.0', '192.168.255.255'],
  'AS112 192.175.48/24': ['192.175.48.1'],
  'benchmarking 198.18/15': ['198.18.0.0', '198.19.255.255'],
  'documentation 198.51.100/24': ['198.51.100.7'],
  'documentation 203.0.113/24': ['203.0.113.7'],
  'multicast 224/4': ['224.0.0.1', '239.255.255.255'],
  'reserved 240/4 and broadcast': ['240.0.0.1', '255.255.255.255'],
  'IPv6 unspecified and loopback': ['::', '::1', '0:0:0:0:0:0:0:1'],
  'IPv4-compatible ::/96': ['::127.0.0.1', '::a9fe:a9fe', '::8.8.8.8'],
  'IPv4-mapped, blocked IPv4': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:10.0.0.1',
    '::ffff:0.0.0.0',
  ],
  'NAT64 64:ff9b::/96 embedding a blocked IPv4': [
    '64:ff9b::7f00:1',
    '64:ff9b::169.254.169.254',
    '64:ff9b::a00:1',
    '64:ff9b::',
  ],
  'local NAT64 64:ff9b:1::/48': ['64:ff9b:1::1', '64:ff9b:1:ffff::a9fe:a9fe'],
  'discard 100::/64': ['100::1'],
  'IETF 2001::/23 (Teredo 2001::/32)': [
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:1ff::1',
  ],
  'documentation 2001:db8::/32, 3fff::/20': ['2001:db8::1', '3fff::1', '3fff:fff::1'],
  '6to4 2002::/16': ['2002:7f00:1::1', '2002:a9fe:a9fe::', '2002:808:808::1'],
  'unique local fc00::/7': ['fc00::1', 'fd12:3456::1'],
  'link-local fe80::/10': ['fe80::1', 'febf::1'],
  'site-local fec0::/10': ['fec0::1', 'feff::1'],
  'multicast ff00::/8': ['ff02::1', 'ff0e::1'],
  'outside global unicast': ['4000::1', 'e000::1', '1::1'],
  'not an address': ['localhost', '', '127.1', '1.2.3.4.5', '::ffff:1.2.3', 'fe80::1%eth0'],
}

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.167.255.255',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '2001:200::1',
  '2003::1',
  '3ffe::1',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::8.8.8.8',
  '64:ff9b::808:808',
]

describe('isPublicAddress', () => {
  test.each(Object.entries(blocked))('refuses %s', (_range, addresses) => {
    for (const address of addresses)
      expect([address, isPublicAddress(address)]).toEqual([address, false])
  })

  test('allows public unicast, just outside the blocked ranges too', () => {
    for (const address of allowed)
      expect([address, isPublicAddress(address)]).toEqual([address, true])
  })

  test('every listed IPv4 range is exercised by the table', () => {
    const tested = Object.values(blocked).flat()
    for (const [network] of blockedIpv4Ranges) {
      const prefix = network.split('.').slice(0, 2).join('.')
      expect([network, tested.some((address) => address.startsWith(prefix))]).toEqual([
        network,
        true,
      ])
    }
  })
})
