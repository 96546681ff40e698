import { script as bscript, payments, type Transaction } from 'bitcoinjs-lib'
import { BitcoinRejectError } from './bitcoinErrors.ts'
import { ecc } from './regtest.ts'

export type BitcoinPrevout = { script: Uint8Array; value: bigint }

export type VerifyBitcoinInputParameters = {
  tx: Transaction
  index: number
  /** The outputs every input spends, in input order (taproot's sighash commits to all). */
  prevouts: readonly BitcoinPrevout[]
}

const validHashTypes = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/**
 * Checks input `index`'s signature against the output it spends: P2WPKH (ECDSA, BIP-143
 * sighash, low-S, compressed key) and P2TR key path (Schnorr, BIP-341 sighash). Any other
 * output type, and taproot script paths, are refused with the reason. Throws
 * `BitcoinRejectError`.
 */
export function verifyBitcoinInput({ tx, index, prevouts }: VerifyBitcoinInputParameters): void {
  const input = tx.ins[index]
  const prevout = prevouts[index]
  if (!input || !prevout) throw new Error(`No input ${index}.`)
  const fail = (why: string) =>
    new BitcoinRejectError({
      code: -26,
      reason: 'mandatory-script-verify-flag-failed',
      detail: `input ${index}: ${why}`,
    })
  const program = prevout.script
  if (program.length === 22 && program[0] === 0x00 && program[1] === 0x14) {
    if (input.script.length > 0) throw fail('a P2WPKH spend must have an empty scriptSig.')
    if (input.witness.length !== 2) {
      throw fail(
        `a P2WPKH spend needs a witness of [signature, public key], got ${input.witness.length} items.`,
      )
    }
    const [encoded, publicKey] = input.witness as [Uint8Array, Uint8Array]
    if (publicKey.length !== 33 || !ecc.isPoint(publicKey)) {
      throw fail('the witness public key is not a compressed secp256k1 point.')
    }
    const p2pkh = payments.p2pkh({ pubkey: publicKey })
    const expected = payments.p2wpkh({ pubkey: publicKey }).output as Uint8Array
    if (Buffer.compare(expected, program) !== 0) {
      throw fail('the witness public key does not match the output being spent.')
    }
    let decoded: { signature: Uint8Array; hashType: number }
    try {
      decoded = bscript.signature.decode(encoded)
    } catch {
      throw fail('the signature is not a DER-encoded ECDSA signature with a sighash type.')
    }
    if (!validHashTypes.has(decoded.hashType))
      throw fail(`unknown sighash type ${decoded.hashType}.`)
    const hash = tx.hashForWitnessV0(
      index,
      p2pkh.output as Uint8Array,
      prevout.value,
      decoded.hashType,
    )
    // strict: a high-S signature is refused, as Bitcoin Core's standardness rules do.
    if (!ecc.verify(hash, publicKey, decoded.signature, true)) {
      throw fail(
        'Signature must be zero for failed CHECK(MULTI)SIG operation (the ECDSA signature does not verify).',
      )
    }
    return
  }
  if (program.length === 34 && program[0] === 0x51 && program[1] === 0x20) {
    if (input.script.length > 0) throw fail('a taproot spend must have an empty scriptSig.')
    const witness = input.witness
    if (witness.length === 0) throw fail('a taproot spend needs a witness.')
    const last = witness[witness.length - 1] as Uint8Array
    if (witness.length >= 2 && last[0] === 0x50) {
      throw fail('taproot annexes are not supported by the devnet.')
    }
    if (witness.length !== 1) {
      throw fail(
        'taproot script-path spends are not supported by the devnet; sign with the key path.',
      )
    }
    const signature = witness[0] as Uint8Array
    let hashType: number
    if (signature.length === 64) hashType = 0x00
    else if (signature.length === 65 && signature[64] !== 0x00) hashType = signature[64] as number
    else throw fail('a taproot key-path signature is 64 bytes, or 65 with a sighash type.')
    if (!validHashTypes.has(hashType) && hashType !== 0x00) {
      throw fail(`unknown sighash type ${hashType}.`)
    }
    if ((hashType & 0x03) === 0x03 && index >= tx.outs.length) {
      throw fail('SIGHASH_SINGLE without a matching output.')
    }
    const hash = tx.hashForWitnessV1(
      index,
      prevouts.map((spent) => spent.script),
      prevouts.map((spent) => spent.value),
      hashType,
    )
    if (!ecc.verifySchnorr(hash, program.subarray(2), signature.subarray(0, 64))) {
      throw fail('Invalid Schnorr signature (the taproot key-path signature does not verify).')
    }
    return
  }
  throw new BitcoinRejectError({
    code: -26,
    reason: 'unsupported-input-type',
    detail: `input ${index} spends a ${describeScript(program)} output; the devnet checks P2WPKH and P2TR key-path spends only.`,
  })
}

function describeScript(program: Uint8Array): string {
  if (program.length === 25 && program[0] === 0x76) return 'P2PKH'
  if (program.length === 23 && program[0] === 0xa9) return 'P2SH'
  if (program.length === 34 && program[0] === 0x00) return 'P2WSH'
  return 'non-standard'
}
