import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId, toCaipNetworkId } from './toCaipNetworkId.ts'

describe('toCaipNetworkId', () => {
  it('builds eip155 ids by default and other namespaces on request', () => {
    expect(toCaipNetworkId({ reference: 31337 })).toBe('eip155:31337')
    expect(
      toCaipNetworkId({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
    ).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  it('refuses malformed ids', () => {
    expect(() => toCaipNetworkId({ reference: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: "eip155:0" is not a CAIP-2 network id.

      A CAIP-2 network id is "namespace:reference", like "eip155:1".]
    `)
    expect(() => toCaipNetworkId({ namespace: 'E', reference: 1 })).toThrow(
      '"E:1" is not a CAIP-2 network id.',
    )
  })
})

describe('parseCaipNetworkId', () => {
  it('splits namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:10')).toEqual({ namespace: 'eip155', reference: '10' })
  })

  it('refuses anything but two parts', () => {
    expect(() => parseCaipNetworkId('eip155')).toThrow('"eip155" is not a CAIP-2 network id.')
    expect(() => parseCaipNetworkId('eip155:1:2')).toThrow(
      '"eip155:1:2" is not a CAIP-2 network id.',
    )
  })
})

describe('namespaces', () => {
  it('accepts each namespace of the spec, with its own reference rules', () => {
    const ids = [
      'eip155:8453',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'cosmos:cosmoshub-4',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'algorand:wGHE2Pwdvd7S12BL5FaOP20EGYesN73k',
      'cip34:1-764824073',
      'elrond:1',
      'multiversx:D',
      'near:mainnet',
      'tezos:NetXdQprcVkpaWU',
      'bip122:000000000019d6689c085ae165831e93',
      'hedera:mainnet',
    ]
    for (const id of ids) expect(parseCaipNetworkId(id), id).toBeDefined()
  })

  it('refuses references that break their namespace rules', () => {
    for (const id of [
      'eip155:0x1',
      'eip155:01',
      'solana:mainnet',
      'polkadot:91B171BB',
      'bip122:xyz',
      'cosmos:has space',
    ])
      expect(() => parseCaipNetworkId(id), id).toThrow('is not a CAIP-2 network id.')
  })

  it('refuses a namespace the app did not configure, with the spec wording', () => {
    expect(() =>
      parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', { namespaces: ['eip155'] }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[NamespaceNotConfiguredError: Namespace 'solana' is not configured. Please call connect() first with namespace config.]`,
    )
    expect(toCaipNetworkId({ reference: 1 }, { namespaces: ['eip155'] })).toBe('eip155:1')
  })
})
