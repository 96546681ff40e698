import * as ecc from '@bitcoinerlab/secp256k1'
import type { BitcoinAddress, BitcoinSignMessageInput, BitcoinSignMessageOutput } from '@latch/core'
import {
  address as bitcoinAddress,
  crypto,
  initEccLib,
  networks,
  opcodes,
  Psbt,
  payments,
  script,
  Transaction,
  toXOnly,
} from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { DevnetWalletRpcError } from '../DevnetWalletRpcError.ts'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = networks.regtest

/** Per Esplora request. */
const requestTimeoutMs = 10_000
/** The most recipients one transfer takes. */
const maxRecipients = 20
/** Outputs below this are dust (Bitcoin Core's limit for a legacy output). */
const dustSats = 546n
/** The most sat/vB the wallet pays, whatever the node estimates. */
const maxFeeRate = 1_000

export type BitcoinDevnetSigner = Awaited<ReturnType<typeof createBitcoinDevnetSigner>>

const invalid = (message: string) => new DevnetWalletRpcError(-32602, message)

const parses = (address: string, on: typeof network) => {
  try {
    return bitcoinAddress.toOutputScript(address, on)
  } catch {
    return undefined
  }
}

/** The output script of a regtest address; a clear error for anything else. */
function toOutputScript(address: string): Uint8Array {
  const output = typeof address === 'string' ? parses(address, network) : undefined
  if (output) return output
  if (typeof address === 'string' && parses(address, networks.bitcoin))
    throw invalid('This is a Bitcoin mainnet address; this network is regtest.')
  if (typeof address === 'string' && parses(address, networks.testnet))
    throw invalid('This is a Bitcoin testnet address; this network is regtest.')
  throw invalid(`"${String(address)}" is not a Bitcoin address.`)
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Bitcoin's CompactSize length prefix. */
function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length)
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8)
  const out = new Uint8Array(5)
  out[0] = 0xfe
  new DataView(out.buffer).setUint32(1, length, true)
  return out
}

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/**
 * The Bitcoin devnet wallet's key and node (loaded on the first request): BIP-322 "simple"
 * and legacy (BIP-137) message signatures, and transfers built and signed with bitcoinjs-lib
 * from the payment address's coins on the devnet's Esplora, broadcast there.
 */
export async function createBitcoinDevnetSigner(config: {
  esploraUrl: string
  paymentAddress: string
  ordinalsAddress: string
  wif: string
}) {
  let key: ECPairInterface
  try {
    key = ECPair.fromWIF(config.wif, network)
  } catch {
    throw new DevnetWalletRpcError(-32603, "The Latch Devnet Wallet's key is not a regtest WIF.")
  }
  const internalKey = toXOnly(key.publicKey)
  const payment = payments.p2wpkh({ pubkey: key.publicKey, network })
  const ordinals = payments.p2tr({ internalPubkey: internalKey, network })
  if (payment.address !== config.paymentAddress || ordinals.address !== config.ordinalsAddress)
    throw new DevnetWalletRpcError(
      -32603,
      `The Latch Devnet Wallet's key is for ${payment.address} and ${ordinals.address}: restart the devnet.`,
    )
  const tweaked = key.tweak(crypto.taggedHash('TapTweak', internalKey))
  const paymentScript = payment.output as Uint8Array
  const base = config.esploraUrl.replace(/\/+$/, '')

  const addresses: BitcoinAddress[] = [
    {
      address: config.paymentAddress,
      publicKey: toHex(key.publicKey),
      purpose: 'payment',
      addressType: 'p2wpkh',
    },
    {
      address: config.ordinalsAddress,
      publicKey: toHex(internalKey),
      purpose: 'ordinals',
      addressType: 'p2tr',
    },
  ]

  async function esplora(path: string, init?: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
    } catch (error) {
      throw new DevnetWalletRpcError(
        -32603,
        `The devnet's Bitcoin node did not answer (${(error as Error).message}).`,
      )
    }
    if (!response.ok)
      throw new DevnetWalletRpcError(
        -32603,
        `The devnet's Bitcoin node refused: ${(await response.text()).slice(0, 300)}`,
      )
    return response
  }

  /** BIP-322 "simple": the witness of the virtual to_sign transaction. */
  function signBip322(message: string, outputScript: Uint8Array, isTaproot: boolean) {
    const tag = crypto.sha256(new TextEncoder().encode('BIP0322-signed-message'))
    const messageHash = crypto.sha256(concat(tag, tag, new TextEncoder().encode(message)))
    const toSpend = new Transaction()
    toSpend.version = 0
    toSpend.locktime = 0
    toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, script.compile([opcodes.OP_0, messageHash]))
    toSpend.addOutput(outputScript, 0n)
    const toSign = new Psbt({ network })
    toSign.setVersion(0)
    toSign.setLocktime(0)
    toSign.addInput({
      hash: toSpend.getHash(),
      index: 0,
      sequence: 0,
      witnessUtxo: { script: outputScript, value: 0n },
      ...(isTaproot ? { tapInternalKey: internalKey } : {}),
    })
    toSign.addOutput({ script: script.compile([opcodes.OP_RETURN]), value: 0n })
    toSign.signInput(0, isTaproot ? tweaked : key)
    toSign.finalizeAllInputs()
    const witness = toSign.data.inputs[0]?.finalScriptWitness
    if (!witness) throw new DevnetWalletRpcError(-32603, 'BIP-322 signing produced no witness.')
    return { signature: toBase64(witness), messageHash: toHex(messageHash) }
  }

  /** Legacy signed message (BIP-137 header for P2WPKH). */
  function signLegacy(message: string) {
    const prefix = new TextEncoder().encode('Bitcoin Signed Message:\n')
    const body = new TextEncoder().encode(message)
    const hash = crypto.hash256(
      concat(compactSize(prefix.length), prefix, compactSize(body.length), body),
    )
    if (!key.privateKey) throw new DevnetWalletRpcError(-32603, 'The key has no private part.')
    const { signature, recoveryId } = ecc.signRecoverable(hash, key.privateKey)
    return {
      signature: toBase64(concat(Uint8Array.of(39 + recoveryId), signature)),
      messageHash: toHex(hash),
    }
  }

  return {
    addresses,
    publicKeys: { payment: new Uint8Array(key.publicKey), ordinals: new Uint8Array(internalKey) },
    signMessage(input: BitcoinSignMessageInput): BitcoinSignMessageOutput {
      const protocol = input.protocol ?? 'BIP322'
      const isPayment = input.address === config.paymentAddress
      if (!isPayment && input.address !== config.ordinalsAddress)
        throw new DevnetWalletRpcError(4100, `${input.address} is not an address of this wallet.`)
      if (protocol === 'ECDSA') {
        if (!isPayment)
          throw invalid('Legacy (ECDSA) signatures are for the payment address; use BIP-322.')
        return { ...signLegacy(input.message), address: input.address, protocol }
      }
      const outputScript = isPayment ? paymentScript : (ordinals.output as Uint8Array)
      return {
        ...signBip322(input.message, outputScript, !isPayment),
        address: input.address,
        protocol,
      }
    },
    /** Checks the recipients, picks coins and the fee; `send` signs and broadcasts. */
    async prepareTransfer(recipients: readonly { address: string; amount: number }[]) {
      if (
        !Array.isArray(recipients) ||
        recipients.length === 0 ||
        recipients.length > maxRecipients
      )
        throw invalid(`A transfer has 1 to ${maxRecipients} recipients.`)
      const outputs = recipients.map((recipient) => {
        if (!Number.isSafeInteger(recipient.amount) || BigInt(recipient.amount) < dustSats)
          throw invalid(
            `Amounts are whole satoshis of at least ${dustSats} (the dust limit); got ${recipient.amount}.`,
          )
        return {
          address: recipient.address,
          amount: BigInt(recipient.amount),
          script: toOutputScript(recipient.address),
        }
      })
      const utxos = (await (await esplora(`/address/${config.paymentAddress}/utxo`)).json()) as {
        txid: string
        vout: number
        value: number
      }[]
      const estimates = (await (await esplora('/fee-estimates')).json()) as Record<string, number>
      const feeRate = Math.min(
        maxFeeRate,
        Math.max(1, Math.ceil(estimates['6'] ?? estimates['1'] ?? 2)),
      )
      const coins = utxos.slice(0, 500).sort((a, b) => b.value - a.value)
      const wanted = outputs.reduce((sum, output) => sum + output.amount, 0n)
      const build = (fee: bigint) => {
        const psbt = new Psbt({ network })
        let total = 0n
        for (const coin of coins) {
          if (total >= wanted + fee) break
          psbt.addInput({
            hash: coin.txid,
            index: coin.vout,
            witnessUtxo: { script: paymentScript, value: BigInt(coin.value) },
          })
          total += BigInt(coin.value)
        }
        if (total < wanted + fee)
          throw invalid(
            `Not enough BTC: ${total} sats spendable on ${config.paymentAddress}, ${wanted + fee} needed with the fee.`,
          )
        for (const output of outputs)
          psbt.addOutput({ script: output.script, value: output.amount })
        const change = total - wanted - fee
        if (change >= dustSats) psbt.addOutput({ script: paymentScript, value: change })
        psbt.signAllInputs(key)
        psbt.finalizeAllInputs()
        const transaction = psbt.extractTransaction()
        return { transaction, fee: total - wanted - (change >= dustSats ? change : 0n) }
      }
      // Size once with a placeholder fee, then pay that size (plus a margin) at the rate.
      const draft = build(1_000n)
      const final = build(BigInt((draft.transaction.virtualSize() + 2) * feeRate))
      return {
        recipients: outputs.map(({ address, amount }) => ({ address, amount })),
        fee: final.fee,
        async send(): Promise<string> {
          const response = await esplora('/tx', {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: final.transaction.toHex(),
          })
          return (await response.text()).trim()
        },
      }
    },
  }
}
