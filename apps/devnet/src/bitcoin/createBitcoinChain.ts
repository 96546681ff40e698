import { Block, script as bscript, Transaction } from 'bitcoinjs-lib'
import { BitcoinRejectError } from './bitcoinErrors.ts'
import { describeBitcoinScript } from './describeBitcoinScript.ts'
import {
  coinbaseMaturity,
  createRegtestGenesisBlock,
  getBlockSubsidy,
  maxMoney,
  regtestBits,
} from './regtest.ts'
import { type BitcoinPrevout, verifyBitcoinInput } from './verifyBitcoinInput.ts'

export type BitcoinBlockRecord = {
  block: Block
  hash: string
  height: number
  txids: string[]
  /** Median time of the 11 blocks ending here (BIP-113). */
  mediantime: number
}

export type BitcoinTxRecord = {
  tx: Transaction
  txid: string
  /** The outputs the inputs spend (none for a coinbase). */
  prevouts: BitcoinPrevout[]
  fee: bigint
  /** The block that confirmed it; absent while in the mempool. */
  block?: BitcoinBlockRecord
}

export type BitcoinCoin = { txid: string; vout: number; value: bigint; record: BitcoinTxRecord }

export type BitcoinTxoStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export type CreateBitcoinChainParameters = {
  /** Unix seconds; `Date.now()` by default (tests may move time). */
  now?: () => number
  /** Transactions the mempool holds at most; a full mempool refuses more. 5000 by default. */
  maxMempoolTransactions?: number
  /** Minimum fee rate a transaction pays to be relayed, sat/vB. 1 by default, as Bitcoin Core. */
  minRelayFeeRate?: number
}

export type BitcoinChain = ReturnType<typeof createBitcoinChain>

/** Largest standard transaction, in weight units (Bitcoin Core's MAX_STANDARD_TX_WEIGHT). */
export const maxTransactionWeight = 400_000
const maxBlockWeight = 4_000_000
const coinbaseWeightReserve = 4_000
/** Outputs below these are dust (Bitcoin Core at 3 sat/vB dust relay fee). */
const dustLimits: Record<string, bigint> = {
  p2pkh: 546n,
  p2sh: 540n,
  v0_p2wpkh: 294n,
  v0_p2wsh: 330n,
  v1_p2tr: 330n,
}

/** Display-order hex of a hash held in internal byte order (txids, block hashes). */
export function toDisplayHex(hash: Uint8Array): string {
  return Buffer.from(hash).reverse().toString('hex')
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

const emptyStats = (): BitcoinTxoStats => ({
  funded_txo_count: 0,
  funded_txo_sum: 0,
  spent_txo_count: 0,
  spent_txo_sum: 0,
  tx_count: 0,
})

/**
 * An in-process Bitcoin regtest node: regtest's genesis block, a UTXO set, a mempool that
 * validates what it takes (structure, amounts, inputs unspent and mature, no double spend,
 * P2WPKH and P2TR key-path signatures), and blocks mined with real headers, merkle roots,
 * BIP-141 witness commitments and regtest proof of work. One chain, no reorganisations.
 */
export function createBitcoinChain(parameters: CreateBitcoinChainParameters = {}) {
  const now = parameters.now ?? (() => Math.floor(Date.now() / 1000))
  const maxMempool = parameters.maxMempoolTransactions ?? 5000
  const minRelayFeeRate = BigInt(parameters.minRelayFeeRate ?? 1)

  const blocks: BitcoinBlockRecord[] = []
  const blocksByHash = new Map<string, BitcoinBlockRecord>()
  const confirmed = new Map<string, BitcoinTxRecord>()
  /** Confirmed unspent outputs by `txid:vout`. */
  const utxos = new Map<
    string,
    { value: bigint; script: Uint8Array; height: number; coinbase: boolean }
  >()
  /** Confirmed outputs by script (hex): what `/address/:a/utxo` lists. */
  const utxosByScript = new Map<string, Set<string>>()
  /** Confirmed txids touching a script (hex), in chain order. */
  const txidsByScript = new Map<string, string[]>()
  const chainStats = new Map<string, BitcoinTxoStats>()
  /** Insertion order is a valid order: a transaction's mempool parents come before it. */
  const mempool = new Map<string, BitcoinTxRecord>()
  /** Outpoints the mempool spends, and by which transaction. */
  const mempoolSpends = new Map<string, string>()
  const listeners = new Set<(txid: string) => void>()

  const outpoint = (txid: string, vout: number) => `${txid}:${vout}`
  const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

  const getTip = () => blocks[blocks.length - 1] as BitcoinBlockRecord

  const medianTimePast = (height: number) => {
    const times = blocks
      .slice(Math.max(0, height - 10), height + 1)
      .map((record) => record.block.timestamp)
      .sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] as number
  }

  function connect(block: Block, hash: string) {
    const height = blocks.length
    const record: BitcoinBlockRecord = { block, hash, height, txids: [], mediantime: 0 }
    blocks.push(record)
    blocksByHash.set(hash, record)
    record.mediantime = medianTimePast(height)
    for (const tx of block.transactions ?? []) {
      const txid = tx.getId()
      record.txids.push(txid)
      const pending = mempool.get(txid)
      mempool.delete(txid)
      const prevouts: BitcoinPrevout[] = []
      const touched = new Set<string>()
      if (!tx.isCoinbase()) {
        tx.ins.forEach((input, index) => {
          const key = outpoint(toDisplayHex(input.hash), input.index)
          mempoolSpends.delete(key)
          const coin = utxos.get(key)
          if (!coin) throw new Error(`Block ${hash} spends missing ${key} (input ${index}).`)
          utxos.delete(key)
          const scriptHex = hexOf(coin.script)
          utxosByScript.get(scriptHex)?.delete(key)
          prevouts.push({ script: coin.script, value: coin.value })
          const stats = statsFor(scriptHex)
          stats.spent_txo_count++
          stats.spent_txo_sum += Number(coin.value)
          touched.add(scriptHex)
        })
      }
      tx.outs.forEach((output, vout) => {
        const scriptHex = hexOf(output.script)
        const stats = statsFor(scriptHex)
        stats.funded_txo_count++
        stats.funded_txo_sum += Number(output.value)
        touched.add(scriptHex)
        // OP_RETURN outputs are provably unspendable: never in the UTXO set.
        if (output.script[0] === 0x6a) return
        const key = outpoint(txid, vout)
        utxos.set(key, {
          value: output.value,
          script: output.script,
          height,
          coinbase: tx.isCoinbase(),
        })
        getOrCreate(utxosByScript, scriptHex, () => new Set<string>()).add(key)
      })
      for (const scriptHex of touched) {
        statsFor(scriptHex).tx_count++
        getOrCreate(txidsByScript, scriptHex, () => [] as string[]).push(txid)
      }
      const inputs = prevouts.reduce((sum, prevout) => sum + prevout.value, 0n)
      const outputs = tx.outs.reduce((sum, output) => sum + output.value, 0n)
      confirmed.set(txid, {
        tx,
        txid,
        prevouts: pending?.prevouts ?? prevouts,
        fee: tx.isCoinbase() ? 0n : inputs - outputs,
        block: record,
      })
    }
  }

  function statsFor(scriptHex: string): BitcoinTxoStats {
    return getOrCreate(chainStats, scriptHex, emptyStats)
  }

  const genesis = createRegtestGenesisBlock()
  // Like Bitcoin Core, the genesis coinbase is not in the UTXO set: it cannot be spent.
  blocks.push({
    block: genesis,
    hash: genesis.getId(),
    height: 0,
    txids: [],
    mediantime: genesis.timestamp,
  })
  blocksByHash.set(genesis.getId(), blocks[0] as BitcoinBlockRecord)
  const [genesisCoinbase] = genesis.transactions as [Transaction]
  ;(blocks[0] as BitcoinBlockRecord).txids.push(genesisCoinbase.getId())

  /** The output `txid:vout` if it can be spent by the next transaction (chain or mempool). */
  function findSpendable(txid: string, vout: number, nextHeight: number, inputIndex: number) {
    const key = outpoint(txid, vout)
    const spender = mempoolSpends.get(key)
    if (spender) {
      throw new BitcoinRejectError({
        code: -26,
        reason: 'txn-mempool-conflict',
        detail: `input ${inputIndex} (${key}) is already spent by ${spender}, which is waiting in the mempool.`,
      })
    }
    const coin = utxos.get(key)
    if (coin) {
      if (coin.coinbase && nextHeight - coin.height < coinbaseMaturity) {
        throw new BitcoinRejectError({
          code: -26,
          reason: 'bad-txns-premature-spend-of-coinbase',
          detail: `input ${inputIndex} (${key}) spends a coinbase output mined at height ${coin.height}; it can be spent from height ${coin.height + coinbaseMaturity}.`,
        })
      }
      return { script: coin.script, value: coin.value }
    }
    const parent = mempool.get(txid)?.tx.outs[vout]
    if (parent && parent.script[0] !== 0x6a) return { script: parent.script, value: parent.value }
    throw new BitcoinRejectError({
      code: -25,
      reason: 'bad-txns-inputs-missingorspent',
      detail: `input ${inputIndex} (${key}) does not exist or is already spent.`,
    })
  }

  function parse(hex: string): Transaction {
    const decodeFailed = (detail: string) =>
      new BitcoinRejectError({ code: -22, reason: 'TX decode failed', detail })
    if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw decodeFailed('the body is not raw transaction hex.')
    if (hex.length > maxTransactionWeight * 2) {
      throw new BitcoinRejectError({
        code: -26,
        reason: 'tx-size',
        detail: `the transaction is larger than ${maxTransactionWeight} weight units.`,
      })
    }
    try {
      return Transaction.fromHex(hex)
    } catch (error) {
      throw decodeFailed(`${(error as Error).message.replace(/\.?$/, '.')}`)
    }
  }

  /**
   * Validates a raw transaction against the chain and the mempool and adds it to the mempool.
   * Returns its txid; throws `BitcoinRejectError` with Bitcoin Core's reject reason.
   */
  function submitTransaction(hex: string): string {
    const tx = parse(hex)
    const txid = tx.getId()
    const reject = (code: -25 | -26 | -27, reason: string, detail: string) =>
      new BitcoinRejectError({ code, reason, detail })
    if (tx.ins.length === 0)
      throw reject(-26, 'bad-txns-vin-empty', 'the transaction has no inputs.')
    if (tx.outs.length === 0)
      throw reject(-26, 'bad-txns-vout-empty', 'the transaction has no outputs.')
    if (tx.isCoinbase())
      throw reject(-26, 'coinbase', 'a coinbase transaction cannot be broadcast.')
    if (confirmed.has(txid))
      throw reject(-27, 'txn-already-known', `${txid} is already in a block.`)
    if (mempool.has(txid))
      throw reject(-27, 'txn-already-in-mempool', `${txid} is already in the mempool.`)
    if (tx.version < 1 || tx.version > 3) {
      throw reject(-26, 'version', `transaction version ${tx.version} is not standard (1 to 3).`)
    }
    if (tx.weight() > maxTransactionWeight) {
      throw reject(
        -26,
        'tx-size',
        `the transaction weighs ${tx.weight()}, over ${maxTransactionWeight}.`,
      )
    }
    let outputs = 0n
    tx.outs.forEach((output, index) => {
      if (output.value < 0n || output.value > maxMoney) {
        throw reject(
          -26,
          'bad-txns-vout-toolarge',
          `output ${index} is out of range (${output.value} sats).`,
        )
      }
      outputs += output.value
      const { type } = describeBitcoinScript(output.script)
      if (type === 'nonstandard' || type === 'p2pk') {
        throw reject(-26, 'scriptpubkey', `output ${index} pays to a non-standard script.`)
      }
      const dust = dustLimits[type]
      if (dust !== undefined && output.value < dust) {
        throw reject(
          -26,
          'dust',
          `output ${index} (${output.value} sats) is below the ${type} dust limit of ${dust} sats.`,
        )
      }
    })
    if (outputs > maxMoney) {
      throw reject(
        -26,
        'bad-txns-txouttotal-toolarge',
        'the outputs add up to more than 21 million BTC.',
      )
    }
    const seen = new Set<string>()
    tx.ins.forEach((input, index) => {
      const key = outpoint(toDisplayHex(input.hash), input.index)
      if (seen.has(key))
        throw reject(-26, 'bad-txns-inputs-duplicate', `input ${index} spends ${key} twice.`)
      seen.add(key)
    })
    const tip = getTip()
    const nextHeight = tip.height + 1
    if (!isFinal(tx, nextHeight, tip.mediantime)) {
      throw reject(
        -26,
        'non-final',
        `the transaction's lock time ${tx.locktime} is not reached yet.`,
      )
    }
    const prevouts = tx.ins.map((input, index) =>
      findSpendable(toDisplayHex(input.hash), input.index, nextHeight, index),
    )
    const inputs = prevouts.reduce((sum, prevout) => sum + prevout.value, 0n)
    if (inputs < outputs) {
      throw reject(
        -26,
        'bad-txns-in-belowout',
        `the outputs (${outputs} sats) exceed the inputs (${inputs} sats).`,
      )
    }
    const fee = inputs - outputs
    const vsize = BigInt(tx.virtualSize())
    if (fee < vsize * minRelayFeeRate) {
      throw reject(
        -26,
        'min relay fee not met',
        `the fee is ${fee} sats for ${vsize} vbytes; at least ${vsize * minRelayFeeRate} sats (${minRelayFeeRate} sat/vB) is needed.`,
      )
    }
    for (let index = 0; index < tx.ins.length; index++) verifyBitcoinInput({ tx, index, prevouts })
    if (mempool.size >= maxMempool) {
      throw reject(
        -26,
        'mempool full',
        `the mempool holds ${maxMempool} transactions; mine a block first.`,
      )
    }
    mempool.set(txid, { tx, txid, prevouts, fee })
    for (const input of tx.ins)
      mempoolSpends.set(outpoint(toDisplayHex(input.hash), input.index), txid)
    for (const listener of listeners) listener(txid)
    return txid
  }

  /** Mines `blocks` blocks paying their rewards and fees to `scriptPubKey`; returns their hashes. */
  function mine({
    blocks: count,
    scriptPubKey,
  }: {
    blocks: number
    scriptPubKey: Uint8Array
  }): string[] {
    const hashes: string[] = []
    for (let n = 0; n < count; n++) {
      const tip = getTip()
      const height = tip.height + 1
      const included: Transaction[] = []
      let weight = coinbaseWeightReserve
      let fees = 0n
      // A prefix of the mempool: parents always come before their children.
      for (const record of mempool.values()) {
        const txWeight = record.tx.weight()
        if (weight + txWeight > maxBlockWeight) break
        weight += txWeight
        fees += record.fee
        included.push(record.tx)
      }
      const coinbase = new Transaction()
      coinbase.version = 2
      // BIP-34: the height first in the coinbase's scriptSig.
      coinbase.addInput(
        new Uint8Array(32),
        0xffffffff,
        0xffffffff,
        bscript.compile([bscript.number.encode(height), Buffer.from('latch devnet')]),
      )
      // BIP-141: the witness reserved value, which the commitment below hashes in.
      coinbase.setWitness(0, [new Uint8Array(32)])
      coinbase.addOutput(scriptPubKey, getBlockSubsidy(height) + fees)
      const transactions = [coinbase, ...included]
      const commitment = Block.calculateMerkleRoot(transactions, true)
      coinbase.addOutput(
        bscript.compile([0x6a, Buffer.concat([Buffer.from('aa21a9ed', 'hex'), commitment])]),
        0n,
      )
      const block = new Block()
      block.version = 0x20000000
      block.prevHash = tip.block.getHash()
      block.timestamp = Math.max(now(), tip.mediantime + 1)
      block.bits = regtestBits
      block.transactions = transactions
      block.merkleRoot = Block.calculateMerkleRoot(transactions)
      block.witnessCommit = commitment
      block.nonce = 0
      // Regtest's target passes about one header hash in two.
      while (!block.checkProofOfWork()) block.nonce++
      const hash = block.getId()
      connect(block, hash)
      hashes.push(hash)
    }
    return hashes
  }

  function isFinal(tx: Transaction, height: number, mediantime: number): boolean {
    if (tx.locktime === 0) return true
    if (tx.ins.every((input) => input.sequence === 0xffffffff)) return true
    return tx.locktime < (tx.locktime < 500_000_000 ? height : mediantime)
  }

  /** Confirmed and mempool transactions that pay to or spend from `script`. */
  function getMempoolStats(scriptHex: string): BitcoinTxoStats {
    const stats = emptyStats()
    for (const record of mempool.values()) {
      let touched = false
      for (const prevout of record.prevouts) {
        if (hexOf(prevout.script) !== scriptHex) continue
        stats.spent_txo_count++
        stats.spent_txo_sum += Number(prevout.value)
        touched = true
      }
      for (const output of record.tx.outs) {
        if (hexOf(output.script) !== scriptHex) continue
        stats.funded_txo_count++
        stats.funded_txo_sum += Number(output.value)
        touched = true
      }
      if (touched) stats.tx_count++
    }
    return stats
  }

  function mempoolTouches(record: BitcoinTxRecord, scriptHex: string): boolean {
    return (
      record.prevouts.some((prevout) => hexOf(prevout.script) === scriptHex) ||
      record.tx.outs.some((output) => hexOf(output.script) === scriptHex)
    )
  }

  return {
    submitTransaction,
    mine,
    getTip,
    getBlock: (hash: string) => blocksByHash.get(hash),
    getBlockAt: (height: number) => blocks[height],
    getTransaction: (txid: string) => mempool.get(txid) ?? confirmed.get(txid),
    getMempool: () => [...mempool.values()],
    /** Esplora's `chain_stats` and `mempool_stats` of one output script. */
    getScriptStats(script: Uint8Array) {
      const scriptHex = hexOf(script)
      return {
        chain_stats: { ...(chainStats.get(scriptHex) ?? emptyStats()) },
        mempool_stats: getMempoolStats(scriptHex),
      }
    },
    /** Mempool transactions touching `script`, newest first. */
    getMempoolTransactions(script: Uint8Array): BitcoinTxRecord[] {
      const scriptHex = hexOf(script)
      return [...mempool.values()].filter((record) => mempoolTouches(record, scriptHex)).reverse()
    },
    /** Confirmed transactions touching `script`, newest first, after `afterTxid` if given. */
    getConfirmedTransactions(script: Uint8Array, afterTxid?: string): BitcoinTxRecord[] {
      const list = [...(txidsByScript.get(hexOf(script)) ?? [])].reverse()
      const start = afterTxid === undefined ? 0 : list.indexOf(afterTxid) + 1
      if (afterTxid !== undefined && start === 0) return []
      return list.slice(start).map((txid) => confirmed.get(txid) as BitcoinTxRecord)
    },
    /** Outputs paying `script` that nothing (chain or mempool) spends, mempool ones included. */
    listUnspent(script: Uint8Array): BitcoinCoin[] {
      const scriptHex = hexOf(script)
      const coins: BitcoinCoin[] = []
      for (const key of utxosByScript.get(scriptHex) ?? []) {
        if (mempoolSpends.has(key)) continue
        const [txid, vout] = key.split(':') as [string, string]
        const record = confirmed.get(txid) as BitcoinTxRecord
        coins.push({ txid, vout: Number(vout), value: utxos.get(key)?.value ?? 0n, record })
      }
      for (const record of mempool.values()) {
        record.tx.outs.forEach((output, vout) => {
          if (hexOf(output.script) !== scriptHex || mempoolSpends.has(outpoint(record.txid, vout)))
            return
          coins.push({ txid: record.txid, vout, value: output.value, record })
        })
      }
      return coins
    },
    /** Whether a coinbase output could be spent in the next block. */
    isMature(coin: BitcoinCoin): boolean {
      if (!coin.record.tx.isCoinbase() || !coin.record.block) return true
      return getTip().height + 1 - coin.record.block.height >= coinbaseMaturity
    },
    /** Calls `listener` with each transaction the mempool accepts; returns the unsubscribe. */
    onTransaction(listener: (txid: string) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
