import { describe, expect, it } from 'vitest'
import { explorerTransactionUrl } from './explorerTransactionUrl.ts'

const signature =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

describe('explorerTransactionUrl', () => {
  it('adds /tx/{hash} to the path and keeps the query (Solana clusters)', () => {
    expect(explorerTransactionUrl('https://etherscan.io', '0xabc')).toBe(
      'https://etherscan.io/tx/0xabc',
    )
    expect(explorerTransactionUrl('https://basescan.org/', '0xabc')).toBe(
      'https://basescan.org/tx/0xabc',
    )
    expect(explorerTransactionUrl('https://solscan.io', signature)).toBe(
      `https://solscan.io/tx/${signature}`,
    )
    expect(explorerTransactionUrl('https://solscan.io/?cluster=devnet', signature)).toBe(
      `https://solscan.io/tx/${signature}?cluster=devnet`,
    )
    expect(explorerTransactionUrl('https://mempool.space/testnet', 'ab'.repeat(32))).toBe(
      `https://mempool.space/testnet/tx/${'ab'.repeat(32)}`,
    )
  })

  it('gives no link without an explorer, and never lets the hash leave the path', () => {
    expect(explorerTransactionUrl(undefined, '0xabc')).toBeUndefined()
    expect(explorerTransactionUrl('', '0xabc')).toBeUndefined()
    expect(explorerTransactionUrl('not a url', '0xabc')).toBeUndefined()
    expect(explorerTransactionUrl('https://solscan.io', '../x?y#z')).toBe(
      'https://solscan.io/tx/..%2Fx%3Fy%23z',
    )
  })
})
