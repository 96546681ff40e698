import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { deriveSolanaKey, signWithSolanaKey, solanaKeyInfo } from './deriveSolanaKey.ts'

// anvil's first well-known test key, and its second.
const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const other = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

describe('deriveSolanaKey', () => {
  it('gives the same Solana account for the same wallet key, every time', async () => {
    const first = await deriveSolanaKey(key)
    const again = await deriveSolanaKey(key)
    expect(again.address).toBe(first.address)
    expect(first.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // The private key cannot be read out of WebCrypto.
    expect(first.keyPair.privateKey.extractable).toBe(false)
    // Pinned (checked apart with Python's hmac and the cryptography package's ed25519): a
    // change of the derivation would move every embedded wallet's Solana funds.
    expect(first.address).toMatchInlineSnapshot(`"7rCZG9R6YmcvgMQyCvo9w92uwSa3NzKitd4wnKPDiTg1"`)
  })

  it('is domain-separated: another label or another wallet key gives another key', async () => {
    const base = await deriveSolanaKey(key)
    expect(solanaKeyInfo).toBe('latch/solana-ed25519/v1')
    expect((await deriveSolanaKey(key, 'latch/solana-ed25519/v2')).address).not.toBe(base.address)
    expect((await deriveSolanaKey(other)).address).not.toBe(base.address)
  })

  it('signs with ed25519: the signature verifies under the address, not after a change', async () => {
    const solana = await deriveSolanaKey(key)
    const publicKey = new Uint8Array(getBase58Encoder().encode(solana.address))
    const message = new TextEncoder().encode('hello latch')
    const signature = await signWithSolanaKey(solana, message)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, publicKey)).toBe(true)
    expect(ed25519.verify(signature, new TextEncoder().encode('hello latcH'), publicKey)).toBe(
      false,
    )
  })

  it('refuses what is not a 32-byte key', async () => {
    await expect(deriveSolanaKey('0x1234')).rejects.toThrow('The wallet key is not 32 bytes.')
  })
})
