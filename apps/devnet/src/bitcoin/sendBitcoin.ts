import { Psbt, payments } from 'bitcoinjs-lib'
import type { ECPairInterface } from 'ecpair'
import { BitcoinRequestError } from './bitcoinErrors.ts'
import type { BitcoinChain } from './createBitcoinChain.ts'
import { regtest } from './regtest.ts'

export type SendBitcoinParameters = {
  chain: BitcoinChain
  /** Pays from this key's P2WPKH address. */
  key: ECPairInterface
  outputs: readonly { script: Uint8Array; value: bigint }[]
  /** sat/vB; 2 by default. */
  feeRate?: number
}

/**
 * Builds, signs (bitcoinjs-lib's Psbt) and submits a transaction from `key`'s P2WPKH coins
 * to `outputs`, change back to it; the chain validates it like any other. Returns the txid.
 */
export function sendBitcoin({ chain, key, outputs, feeRate = 2 }: SendBitcoinParameters): string {
  const payment = payments.p2wpkh({ pubkey: key.publicKey, network: regtest })
  const script = payment.output as Uint8Array
  const coins = chain
    .listUnspent(script)
    .filter((coin) => chain.isMature(coin))
    .sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0))
  const wanted = outputs.reduce((sum, output) => sum + output.value, 0n)
  const build = (fee: bigint) => {
    const psbt = new Psbt({ network: regtest })
    let total = 0n
    for (const coin of coins) {
      if (total >= wanted + fee) break
      psbt.addInput({
        hash: coin.txid,
        index: coin.vout,
        witnessUtxo: { script, value: coin.value },
      })
      total += coin.value
    }
    if (total < wanted + fee) {
      throw new BitcoinRequestError(
        `The devnet's Bitcoin faucet has ${total} spendable sats; ${wanted + fee} are needed. Mine blocks first (POST /mine).`,
      )
    }
    for (const output of outputs) psbt.addOutput(output)
    const change = total - wanted - fee
    // Change below the P2WPKH dust limit goes to the fee.
    if (change >= 294n) psbt.addOutput({ script, value: change })
    psbt.signAllInputs(key)
    psbt.finalizeAllInputs()
    return psbt.extractTransaction()
  }
  // Signatures vary by a byte: size once, then pay for that size plus a margin.
  const draft = build(1000n)
  const tx = build(BigInt(Math.ceil((draft.virtualSize() + 2) * feeRate)))
  return chain.submitTransaction(tx.toHex())
}
