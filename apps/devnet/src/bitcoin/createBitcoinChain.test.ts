import { Block, crypto, Psbt, payments, script, Transaction, toXOnly } from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { BitcoinRejectError } from './bitcoinErrors.ts'
import { type BitcoinChain, type BitcoinCoin, createBitcoinChain } from './createBitcoinChain.ts'
import { ECPair, regtest, regtestBits, regtestGenesisHash } from './regtest.ts'

const key = ECPair.makeRandom({ network: regtest })
const p2wpkh = payments.p2wpkh({ pubkey: key.publicKey, network: regtest }).output as Uint8Array
const p2tr = payments.p2tr({ internalPubkey: toXOnly(key.publicKey), network: regtest })
  .output as Uint8Array
const other = payments.p2wpkh({
  pubkey: ECPair.makeRandom({ network: regtest }).publicKey,
  network: regtest,
}).output as Uint8Array

/** A chain whose `key` owns one mature 50 BTC coinbase on P2WPKH and one on P2TR. */
function fundedChain(): BitcoinChain {
  const chain = createBitcoinChain()
  chain.mine({ blocks: 1, scriptPubKey: p2wpkh })
  chain.mine({ blocks: 1, scriptPubKey: p2tr })
  chain.mine({ blocks: 100, scriptPubKey: other })
  return chain
}

function spend(
  chain: BitcoinChain,
  options: { from: 'p2wpkh' | 'p2tr'; value: bigint; fee?: bigint; coin?: BitcoinCoin },
) {
  const script = options.from === 'p2wpkh' ? p2wpkh : p2tr
  const coin = options.coin ?? chain.listUnspent(script)[0]
  if (!coin) throw new Error('no coin')
  const psbt = new Psbt({ network: regtest })
  psbt.addInput({
    hash: coin.txid,
    index: coin.vout,
    witnessUtxo: { script, value: coin.value },
    ...(options.from === 'p2tr' ? { tapInternalKey: toXOnly(key.publicKey) } : {}),
  })
  psbt.addOutput({ script: other, value: options.value })
  const change = coin.value - options.value - (options.fee ?? 1000n)
  if (change > 0n) psbt.addOutput({ script, value: change })
  const signer = key
  psbt.signInput(
    0,
    options.from === 'p2tr'
      ? signer.tweak(crypto.taggedHash('TapTweak', toXOnly(signer.publicKey)))
      : signer,
  )
  psbt.finalizeAllInputs()
  return psbt.extractTransaction(true)
}

function rejection(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof BitcoinRejectError) return error.message
    throw error
  }
  throw new Error('not refused')
}

describe('createBitcoinChain', () => {
  test('starts from regtest genesis', () => {
    const chain = createBitcoinChain()
    expect(chain.getTip()).toMatchObject({ height: 0, hash: regtestGenesisHash })
  })

  test('mines blocks whose header, proof of work, merkle root and witness commitment verify', () => {
    const chain = fundedChain()
    const tx = spend(chain, { from: 'p2wpkh', value: 100_000_000n })
    chain.submitTransaction(tx.toHex())
    const [hash] = chain.mine({ blocks: 1, scriptPubKey: other })
    const record = chain.getBlock(hash as string)
    // Round-trip through bytes: what bitcoinjs-lib reads back is what a peer would get.
    const block = Block.fromBuffer(record?.block.toBuffer() as Uint8Array)
    expect(block.getId()).toBe(hash)
    expect(block.bits).toBe(regtestBits)
    expect(block.checkProofOfWork()).toBe(true)
    expect(block.checkTxRoots()).toBe(true)
    expect(block.hasWitnessCommit()).toBe(true)
    expect(
      Buffer.from(block.prevHash as Uint8Array)
        .reverse()
        .toString('hex'),
    ).toBe(chain.getBlockAt(102)?.hash)
    expect(block.transactions?.map((t) => t.getId())).toEqual([
      block.transactions?.[0]?.getId(),
      tx.getId(),
    ])
    // The coinbase pays the subsidy plus the fee.
    expect(block.transactions?.[0]?.outs[0]?.value).toBe(5_000_000_000n + 1000n)
    expect(chain.getTransaction(tx.getId())?.block?.height).toBe(103)
    expect(chain.getScriptStats(other).chain_stats.funded_txo_sum).toBe(
      100 * 5_000_000_000 + 100_000_000 + 5_000_001_000,
    )
  })

  test('takes a P2TR key-path spend and refuses a forged one', () => {
    const chain = fundedChain()
    const good = spend(chain, { from: 'p2tr', value: 200_000_000n })
    const forged = good.clone()
    ;(forged.outs[0] as { value: bigint }).value -= 1000n
    expect(rejection(() => chain.submitTransaction(forged.toHex()))).toMatchInlineSnapshot(
      `"mandatory-script-verify-flag-failed: input 0: Invalid Schnorr signature (the taproot key-path signature does not verify)."`,
    )
    expect(chain.submitTransaction(good.toHex())).toBe(good.getId())
    expect(chain.getScriptStats(p2tr).mempool_stats).toMatchObject({
      spent_txo_count: 1,
      spent_txo_sum: 5_000_000_000,
      tx_count: 1,
    })
  })

  test('refuses a bad signature, an overspend, a double spend and an immature coinbase', () => {
    const chain = fundedChain()
    const good = spend(chain, { from: 'p2wpkh', value: 100_000_000n })
    const tampered = good.clone()
    ;(tampered.outs[0] as { value: bigint }).value -= 1000n
    expect(rejection(() => chain.submitTransaction(tampered.toHex()))).toMatchInlineSnapshot(
      `"mandatory-script-verify-flag-failed: input 0: Signature must be zero for failed CHECK(MULTI)SIG operation (the ECDSA signature does not verify)."`,
    )
    // Signed by a stranger for the stranger's own key: the key is not the output's.
    const stranger = ECPair.makeRandom({ network: regtest })
    const wrongKey = good.clone()
    const scriptCode = payments.p2pkh({ pubkey: stranger.publicKey }).output as Uint8Array
    const sighash = wrongKey.hashForWitnessV0(
      0,
      scriptCode,
      5_000_000_000n,
      Transaction.SIGHASH_ALL,
    )
    wrongKey.setWitness(0, [
      script.signature.encode(stranger.sign(sighash), Transaction.SIGHASH_ALL),
      stranger.publicKey,
    ])
    expect(rejection(() => chain.submitTransaction(wrongKey.toHex()))).toContain(
      'the witness public key does not match the output being spent.',
    )
    // Psbt will not build an overspend: change the output and sign it again by hand.
    const overspend = good.clone()
    ;(overspend.outs[0] as { value: bigint }).value = 6_000_000_000n
    overspend.outs.splice(1)
    const ownCode = payments.p2pkh({ pubkey: key.publicKey }).output as Uint8Array
    const overspendHash = overspend.hashForWitnessV0(
      0,
      ownCode,
      5_000_000_000n,
      Transaction.SIGHASH_ALL,
    )
    overspend.setWitness(0, [
      script.signature.encode(key.sign(overspendHash), Transaction.SIGHASH_ALL),
      key.publicKey,
    ])
    expect(rejection(() => chain.submitTransaction(overspend.toHex()))).toMatchInlineSnapshot(
      `"bad-txns-in-belowout: the outputs (6000000000 sats) exceed the inputs (5000000000 sats)."`,
    )
    const cheap = spend(chain, { from: 'p2wpkh', value: 100_000_000n, fee: 10n })
    expect(rejection(() => chain.submitTransaction(cheap.toHex()))).toMatch(
      /^min relay fee not met: the fee is 10 sats for \d+ vbytes/,
    )
    const [coin] = chain.listUnspent(p2wpkh) as [BitcoinCoin]
    chain.submitTransaction(good.toHex())
    const again = spend(chain, { from: 'p2wpkh', value: 300_000_000n, coin })
    expect(rejection(() => chain.submitTransaction(again.toHex()))).toBe(
      `txn-mempool-conflict: input 0 (${coin.txid}:0) is already spent by ${good.getId()}, which is waiting in the mempool.`,
    )
    expect(rejection(() => chain.submitTransaction(good.toHex()))).toContain(
      'txn-already-in-mempool',
    )
    chain.mine({ blocks: 1, scriptPubKey: other })
    expect(rejection(() => chain.submitTransaction(again.toHex()))).toMatch(
      /^bad-txns-inputs-missingorspent: input 0 \([0-9a-f]{64}:0\) does not exist or is already spent\.$/,
    )
    // The coinbase just mined to `other` pays nothing to `key`; mine one to `key` and spend it early.
    chain.mine({ blocks: 1, scriptPubKey: p2tr })
    const young = chain.listUnspent(p2tr).find((candidate) => !chain.isMature(candidate))
    expect(young).toBeDefined()
    const early = spend({ ...chain, listUnspent: () => [young] } as unknown as BitcoinChain, {
      from: 'p2tr',
      value: 100_000_000n,
    })
    expect(rejection(() => chain.submitTransaction(early.toHex()))).toMatch(
      /^bad-txns-premature-spend-of-coinbase: input 0 .* mined at height 104; it can be spent from height 204\.$/,
    )
  })

  test('refuses inputs of a type it cannot check, and garbage', () => {
    const chain = createBitcoinChain()
    const p2pkh = payments.p2pkh({ pubkey: key.publicKey, network: regtest }).output as Uint8Array
    chain.mine({ blocks: 101, scriptPubKey: p2pkh })
    const [coin] = chain.listUnspent(p2pkh)
    const psbt = new Psbt({ network: regtest })
    const previous = coin?.record.tx.toBuffer() as Uint8Array
    psbt.addInput({ hash: coin?.txid as string, index: 0, nonWitnessUtxo: previous })
    psbt.addOutput({ script: other, value: 1_000_000n })
    psbt.signInput(0, key)
    psbt.finalizeAllInputs()
    expect(
      rejection(() => chain.submitTransaction(psbt.extractTransaction(true).toHex())),
    ).toMatchInlineSnapshot(
      `"unsupported-input-type: input 0 spends a P2PKH output; the devnet checks P2WPKH and P2TR key-path spends only."`,
    )
    expect(rejection(() => chain.submitTransaction('zz'))).toMatchInlineSnapshot(
      `"TX decode failed: the body is not raw transaction hex."`,
    )
    expect(rejection(() => chain.submitTransaction('0200000001'))).toMatch(/^TX decode failed: /)
  })
})
