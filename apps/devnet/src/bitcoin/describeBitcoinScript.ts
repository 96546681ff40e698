import { address, script as bscript, opcodes } from 'bitcoinjs-lib'
import { regtest } from './regtest.ts'

/** Esplora's names for output script types. */
export type EsploraScriptType =
  | 'p2pk'
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'op_return'
  | 'nonstandard'

export type DescribeBitcoinScriptReturnType = {
  type: EsploraScriptType
  /** The regtest address paying to the script, when it has one. */
  address?: string
  /** Esplora's (rust-bitcoin's) assembly: `OP_0 OP_PUSHBYTES_20 <hex>`. */
  asm: string
}

/** Classifies an output script the way Esplora reports it (`scriptpubkey_type`, `_address`, `_asm`). */
export function describeBitcoinScript(program: Uint8Array): DescribeBitcoinScriptReturnType {
  const type = getScriptType(program)
  let found: string | undefined
  if (type !== 'p2pk' && type !== 'op_return' && type !== 'nonstandard') {
    try {
      found = address.fromOutputScript(program, regtest)
    } catch {
      found = undefined
    }
  }
  return { type, ...(found ? { address: found } : {}), asm: toEsploraAsm(program) }
}

function getScriptType(p: Uint8Array): EsploraScriptType {
  if (
    p.length === 25 &&
    p[0] === 0x76 &&
    p[1] === 0xa9 &&
    p[2] === 0x14 &&
    p[23] === 0x88 &&
    p[24] === 0xac
  )
    return 'p2pkh'
  if (p.length === 23 && p[0] === 0xa9 && p[1] === 0x14 && p[22] === 0x87) return 'p2sh'
  if (p.length === 22 && p[0] === 0x00 && p[1] === 0x14) return 'v0_p2wpkh'
  if (p.length === 34 && p[0] === 0x00 && p[1] === 0x20) return 'v0_p2wsh'
  if (p.length === 34 && p[0] === 0x51 && p[1] === 0x20) return 'v1_p2tr'
  if (p.length >= 1 && p[0] === 0x6a) return 'op_return'
  if ((p.length === 35 && p[0] === 33) || (p.length === 67 && p[0] === 65)) {
    if (p[p.length - 1] === 0xac) return 'p2pk'
  }
  return 'nonstandard'
}

const opcodeNames = new Map<number, string>()
for (const [name, code] of Object.entries(opcodes)) {
  if (typeof code === 'number') opcodeNames.set(code, name)
}
for (let n = 1; n <= 16; n++) opcodeNames.set(0x50 + n, `OP_PUSHNUM_${n}`)
opcodeNames.set(0x4f, 'OP_PUSHNUM_NEG1')
opcodeNames.set(0x00, 'OP_0')

function toEsploraAsm(program: Uint8Array): string {
  const chunks = bscript.decompile(program)
  if (!chunks) return '<invalid script>'
  return chunks
    .map((chunk) => {
      if (typeof chunk === 'number') return opcodeNames.get(chunk) ?? `OP_UNKNOWN_${chunk}`
      const hex = Buffer.from(chunk).toString('hex')
      if (chunk.length === 0) return 'OP_0'
      if (chunk.length <= 75) return `OP_PUSHBYTES_${chunk.length} ${hex}`
      if (chunk.length <= 0xff) return `OP_PUSHDATA1 ${hex}`
      if (chunk.length <= 0xffff) return `OP_PUSHDATA2 ${hex}`
      return `OP_PUSHDATA4 ${hex}`
    })
    .join(' ')
}
