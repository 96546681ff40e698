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
