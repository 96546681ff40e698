import { describe, expect, it } from 'vitest'
import { createSiwxMessage, getSiwxMessageNamespace, getSiwxNamespaceOf } from './siwxMessage.ts'

const base = {
  domain: 'app.test',
  address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  uri: 'https://app.test',
  chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  nonce: 'abcdef1234',
  issuedAt: new Date('2026-11-26T01:00:00.000Z'),
}

describe('createSiwxMessage', () => {
  it('writes the CAIP-122 lines, with and without a statement', () => {
    expect(
      createSiwxMessage({
        ...base,
        statement: 'Sign in to Latch.',
        expirationTime: new Date('2026-11-27T01:00:00.000Z'),
      }),
    ).toBe(
      [
        'app.test wants you to sign in with your Bitcoin account:',
        base.address,
        '',
        'Sign in to Latch.',
        '',
        'URI: https://app.test',
        'Version: 1',
        'Chain ID: bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
        'Nonce: abcdef1234',
        'Issued At: 2026-11-26T01:00:00.000Z',
        'Expiration Time: 2026-11-27T01:00:00.000Z',
      ].join('\n'),
    )
    const bare = createSiwxMessage({ ...base, chainId: 'solana:4Latch11111111111111111111111111' })
    expect(bare.split('\n').slice(0, 5)).toEqual([
      'app.test wants you to sign in with your Solana account:',
      base.address,
      '',
      '',
      'URI: https://app.test',
    ])
    expect(getSiwxMessageNamespace(bare)).toBe('solana')
    expect(
      getSiwxMessageNamespace('app.test wants you to sign in with your Ethereum account:\n0x'),
    ).toBe(undefined)
    expect(getSiwxNamespaceOf('eip155:1')).toBeUndefined()
  })

  it('refuses what the API would refuse', () => {
    expect(() => createSiwxMessage({ ...base, chainId: 'eip155:1' })).toThrow(
      'Chain ID "eip155:1" is not a Solana or Bitcoin CAIP-2 id (solana:... or bip122:...).',
    )
    expect(() => createSiwxMessage({ ...base, statement: 'two\nlines' })).toThrow(
      'The statement must be one line.',
    )
    expect(() => createSiwxMessage({ ...base, nonce: 'short' })).toThrow(
      'The nonce must be at least 8 letters or digits.',
    )
    expect(() => createSiwxMessage({ ...base, address: 'not an address' })).toThrow(
      '"not an address" is not a Bitcoin address.',
    )
  })
})
