import { describe, expect, it } from 'vitest'
import { parseDevnetWalletConfig } from './parseDevnetWalletConfig.ts'
import type { LatchNetwork } from './parseLatchWebConfig.ts'

const networks: LatchNetwork[] = [
  {
    id: 31337,
    name: 'Latch Devnet',
    caipNetworkId: 'eip155:31337',
    rpcUrl: 'http://127.0.0.1:4171/v1/?chainId=eip155:31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]
const wallet = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  privateKey: `0x${'11'.repeat(32)}`,
  chainIds: [31337],
  rpcUrls: { '31337': 'http://127.0.0.1:4174' },
}

describe('parseDevnetWalletConfig', () => {
  it("accepts the devnet wallet's own node URLs, and only http(s) ones", () => {
    expect(parseDevnetWalletConfig(wallet, networks)).toEqual(wallet)
    expect(() =>
      parseDevnetWalletConfig({ ...wallet, rpcUrls: { '31337': 'javascript:alert(1)' } }, networks),
    ).toThrow('devnetWallet.rpcUrls: expected chain ids mapped to http(s) URLs.')
  })

  it('lists every problem, naming each field', () => {
    expect(() =>
      parseDevnetWalletConfig(
        {
          address: '0x12',
          privateKey: 'nope',
          chainIds: [1],
          solana: { caipNetworkId: 'solana:mainnet', rpcUrl: 'x', address: '0OIl', secretKey: '' },
          bitcoin: { network: 'mainnet' },
        },
        networks,
      ),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidConfigError: The app configuration is invalid.

      devnetWallet.chainIds: expected ids of configured networks.
      devnetWallet.solana.caipNetworkId: expected "solana:" and 32 base58 characters.
      devnetWallet.solana.rpcUrl: expected an http(s) URL.
      devnetWallet.solana.address: expected base58.
      devnetWallet.solana.secretKey: expected a non-empty string.
      devnetWallet.bitcoin.network: expected "regtest".
      devnetWallet.bitcoin.caipNetworkId: expected a non-empty string.
      devnetWallet.bitcoin.esploraUrl: expected a non-empty string.
      devnetWallet.bitcoin.paymentAddress: expected a non-empty string.
      devnetWallet.bitcoin.ordinalsAddress: expected a non-empty string.
      devnetWallet.bitcoin.wif: expected a non-empty string.
      devnetWallet.address: expected a 0x-prefixed 40-hex address.
      devnetWallet.privateKey: expected a 32-byte hex string.]
    `)
    expect(() => parseDevnetWalletConfig('yes', networks)).toThrow(
      'devnetWallet: expected an object.',
    )
  })
})
