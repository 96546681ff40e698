import { describe, expect, it } from 'vitest'
import { parseCaipAccount, toCaipAccount } from './parseCaipAccount.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('parseCaipAccount', () => {
  it('parses an eip155 account', () => {
    expect(parseCaipAccount(`eip155:31337:${address}`)).toEqual({
      namespace: 'eip155',
      reference: '31337',
      caipNetworkId: 'eip155:31337',
      address,
    })
  })

  it('keeps non-EVM addresses as they are', () => {
    expect(
      parseCaipAccount(
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      ).address,
    ).toBe('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')
  })

  it('refuses an account without 3 parts, with the spec wording', () => {
    expect(() => parseCaipAccount(`eip155:${address}`)).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaipAccountError: "eip155:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" is not a CAIP-10 account: a CAIP address has 3 colon-separated parts.]`,
    )
  })

  it('refuses an EVM address that is not 40 hex characters', () => {
    expect(() => parseCaipAccount('eip155:1:0x1234')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaipAccountError: "eip155:1:0x1234" is not a CAIP-10 account: an EVM address is 40 hex characters.]`,
    )
  })

  it('builds an account back', () => {
    expect(toCaipAccount('eip155:1', address)).toBe(`eip155:1:${address}`)
  })
})

describe('parseCaipAccount across namespaces', () => {
  it('checks solana addresses as base58 and others with the generic grammar', () => {
    expect(() =>
      parseCaipAccount('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaipAccountError: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl" is not a CAIP-10 account: the address is malformed for its namespace.]`,
    )
    expect(
      parseCaipAccount('cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'),
    ).toMatchObject({ namespace: 'cosmos', caipNetworkId: 'cosmos:cosmoshub-4' })
    expect(parseCaipAccount('near:mainnet:alice.near').address).toBe('alice.near')
  })

  it('refuses an account of an unconfigured namespace', () => {
    expect(() => parseCaipAccount('near:mainnet:alice.near', { namespaces: ['eip155'] })).toThrow(
      "Namespace 'near' is not configured.",
    )
    expect(() => toCaipAccount('near:mainnet', 'alice.near', { namespaces: ['eip155'] })).toThrow(
      "Namespace 'near' is not configured.",
    )
  })
})
