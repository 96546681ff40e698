import type { BitcoinBlockRecord, BitcoinTxRecord } from './createBitcoinChain.ts'
import { toDisplayHex } from './createBitcoinChain.ts'
import { describeBitcoinScript } from './describeBitcoinScript.ts'

/** Esplora's transaction (and UTXO) `status`. */
export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

export function toEsploraStatus(record: BitcoinTxRecord): EsploraStatus {
  if (!record.block) return { confirmed: false }
  return {
    confirmed: true,
    block_height: record.block.height,
    block_hash: record.block.hash,
    block_time: record.block.block.timestamp,
  }
}

function toEsploraOutput(output: { script: Uint8Array; value: bigint }) {
  const described = describeBitcoinScript(output.script)
  return {
    scriptpubkey: Buffer.from(output.script).toString('hex'),
    scriptpubkey_asm: described.asm,
    scriptpubkey_type: described.type,
    ...(described.address ? { scriptpubkey_address: described.address } : {}),
    value: Number(output.value),
  }
}

/** A transaction in Esplora's JSON shape (`GET /tx/:txid`). */
export function toEsploraTransaction(record: BitcoinTxRecord) {
  const { tx } = record
  const coinbase = tx.isCoinbase()
  return {
    txid: record.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, index) => {
      const prevout = record.prevouts[index]
      const scriptsig = Buffer.from(input.script).toString('hex')
      return {
        txid: toDisplayHex(input.hash),
        vout: input.index,
        prevout: coinbase || !prevout ? null : toEsploraOutput(prevout),
        scriptsig,
        scriptsig_asm: input.script.length ? describeBitcoinScript(input.script).asm : '',
        ...(input.witness.length
          ? { witness: input.witness.map((item) => Buffer.from(item).toString('hex')) }
          : {}),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    }),
    vout: tx.outs.map(toEsploraOutput),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(record.fee),
    status: toEsploraStatus(record),
  }
}

/** Bitcoin's difficulty: the mainnet minimum target over this block's target. */
function getDifficulty(bits: number): number {
  const target = (bits: number) => (bits & 0xffffff) * 2 ** (8 * ((bits >>> 24) - 3))
  return target(0x1d00ffff) / target(bits)
}

/** A block in Esplora's JSON shape (`GET /block/:hash`). */
export function toEsploraBlock(record: BitcoinBlockRecord, previous?: BitcoinBlockRecord) {
  const { block } = record
  return {
    id: record.hash,
    height: record.height,
    version: block.version,
    timestamp: block.timestamp,
    tx_count: record.txids.length,
    size: block.byteLength(false, true),
    weight: block.weight(),
    merkle_root: toDisplayHex(block.merkleRoot as Uint8Array),
    previousblockhash: previous ? previous.hash : null,
    mediantime: record.mediantime,
    nonce: block.nonce,
    bits: block.bits,
    difficulty: getDifficulty(block.bits),
  }
}
