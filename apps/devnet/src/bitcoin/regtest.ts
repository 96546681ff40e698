import * as ecc from '@bitcoinerlab/secp256k1'
import { Block, initEccLib, networks, opcodes, script, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

initEccLib(ecc)

/** bitcoinjs-lib's regtest parameters (`bcrt1` addresses, testnet-style base58 and WIF). */
export const regtest = networks.regtest

/** Key pairs on secp256k1 through @bitcoinerlab/secp256k1 (noble-curves underneath). */
export const ECPair = ECPairFactory(ecc)

/** The secp256k1 library the node checks signatures with. */
export { ecc }

/** Regtest's fixed proof-of-work target (`powLimit`; regtest never retargets). */
export const regtestBits = 0x207fffff

/** A coinbase output can be spent in the block 100 above the one that made it. */
export const coinbaseMaturity = 100

/** 21 million BTC in satoshis: no output, and no transaction's outputs together, may exceed it. */
export const maxMoney = 21_000_000n * 100_000_000n

/** The block reward at `height`: 50 BTC, halving every 150 blocks as on regtest. */
export function getBlockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / 150)
  return halvings >= 64 ? 0n : (50n * 100_000_000n) >> BigInt(halvings)
}

/**
 * Regtest's genesis block, byte for byte as Bitcoin Core builds it (Satoshi's coinbase, time
 * 1296688602, nonce 2), so its hash is `0f9188f1...2206` and the chain's CAIP-2 id is regtest's.
 */
export function createRegtestGenesisBlock(): Block {
  const coinbase = new Transaction()
  coinbase.version = 1
  coinbase.addInput(
    new Uint8Array(32),
    0xffffffff,
    0xffffffff,
    Buffer.from(
      '04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73',
      'hex',
    ),
  )
  coinbase.addOutput(
    script.compile([
      Buffer.from(
        '04678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5f',
        'hex',
      ),
      opcodes.OP_CHECKSIG,
    ]),
    50n * 100_000_000n,
  )
  const block = new Block()
  block.version = 1
  block.prevHash = new Uint8Array(32)
  block.timestamp = 1296688602
  block.bits = regtestBits
  block.nonce = 2
  block.transactions = [coinbase]
  block.merkleRoot = Block.calculateMerkleRoot([coinbase])
  return block
}

/** Regtest's genesis block hash (display order). */
export const regtestGenesisHash = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** CAIP-2 id of the regtest chain: `bip122:` and the genesis hash's first 32 hex characters. */
export const regtestCaipNetworkId = `bip122:${regtestGenesisHash.slice(0, 32)}`
