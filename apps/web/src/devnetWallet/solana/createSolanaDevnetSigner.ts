import {
  type Base64EncodedWireTransaction,
  createKeyPairFromBytes,
  createSolanaRpc,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  type Signature,
  signBytes,
} from '@solana/kit'
import type { Described } from '../createConfirmDialog.ts'
import { DevnetWalletRpcError } from '../DevnetWalletRpcError.ts'

const systemProgram = '11111111111111111111111111111111'
/** How long a sent transaction may take to be confirmed before the wallet gives up waiting. */
const confirmTimeoutMs = 30_000
/** Per RPC request. */
const requestTimeoutMs = 10_000

export type SolanaDevnetSigner = Awaited<ReturnType<typeof createSolanaDevnetSigner>>

/**
 * The Solana devnet wallet's key and node (loaded on the first request): signs messages and
 * transactions with @solana/kit (WebCrypto ed25519) and sends them to the devnet's JSON-RPC,
 * waiting (bounded) for the confirmation.
 */
export async function createSolanaDevnetSigner(config: {
  rpcUrl: string
  address: string
  secretKey: string
}) {
  const keyPair = await createKeyPairFromBytes(getBase58Encoder().encode(config.secretKey))
  const address = await getAddressFromPublicKey(keyPair.publicKey)
  if (address !== config.address)
    throw new DevnetWalletRpcError(
      -32603,
      `The Latch Devnet Wallet's secret key is for ${address}, not ${config.address}: restart the devnet.`,
    )
  const publicKey = new Uint8Array(getBase58Encoder().encode(address))
  const rpc = createSolanaRpc(config.rpcUrl)

  const decode = (bytes: Uint8Array) => {
    try {
      const transaction = getTransactionDecoder().decode(bytes)
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
      if ('instructions' in message) return { transaction, message }
    } catch {
      throw new DevnetWalletRpcError(-32602, 'This is not a Solana transaction (wire format).')
    }
    throw new DevnetWalletRpcError(
      -32602,
      'The Latch Devnet Wallet signs legacy and version 0 transactions only.',
    )
  }
  const sign = async (bytes: Uint8Array) => {
    const { transaction } = decode(bytes)
    if (!(address in transaction.signatures))
      throw new DevnetWalletRpcError(-32602, `This transaction does not ask ${address} to sign it.`)
    return partiallySignTransaction([keyPair], transaction)
  }

  async function waitForConfirmation(signature: Signature) {
    const deadline = Date.now() + confirmTimeoutMs
    while (Date.now() < deadline) {
      const { value } = await rpc
        .getSignatureStatuses([signature])
        .send({ abortSignal: AbortSignal.timeout(requestTimeoutMs) })
      const status = value[0]
      if (status?.err)
        throw new DevnetWalletRpcError(
          -32603,
          `The transaction failed on the devnet: ${JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? Number(v) : v))}`,
        )
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
        return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new DevnetWalletRpcError(
      -32603,
      `The transaction ${signature} was sent but not confirmed within ${confirmTimeoutMs / 1000} s.`,
    )
  }

  return {
    address,
    publicKey,
    describeMessage(message: Uint8Array): Described {
      return {
        action: 'Sign this message?',
        lines: [{ label: 'Account', value: address }],
        body: new TextDecoder().decode(message),
      }
    },
    describeTransaction(bytes: Uint8Array, action: string): Described {
      const { message } = decode(bytes)
      const keys = message.staticAccounts
      const lines = [
        { label: 'Account', value: address },
        { label: 'Fee payer', value: keys[0] ?? '' },
      ]
      message.instructions.forEach((instruction, index) => {
        const program = keys[instruction.programAddressIndex] ?? 'a looked-up program'
        const data = instruction.data ?? new Uint8Array()
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
        // The System program's transfer: u32 2, then the lamports (u64).
        const isTransfer =
          program === systemProgram && data.length === 12 && view.getUint32(0, true) === 2
        const to = keys[instruction.accountIndices?.[1] ?? -1]
        lines.push({
          label: `Instruction ${index + 1}`,
          value: isTransfer
            ? `Send ${formatSol(view.getBigUint64(4, true))} SOL to ${to ?? 'a looked-up account'}`
            : `${program} (${data.length} bytes)`,
        })
      })
      return { action, lines }
    },
    async signMessage(message: Uint8Array) {
      const signature = await signBytes(keyPair.privateKey, message)
      return {
        signedMessage: message,
        signature: new Uint8Array(signature),
        signatureType: 'ed25519' as const,
      }
    },
    async signTransaction(bytes: Uint8Array) {
      return new Uint8Array(getTransactionEncoder().encode(await sign(bytes)))
    },
    /** Signs, sends, waits for "confirmed"; answers the signature's 64 bytes. */
    async signAndSendTransaction(bytes: Uint8Array) {
      const signed = await sign(bytes)
      const wire: Base64EncodedWireTransaction = getBase64EncodedWireTransaction(signed)
      let signature: Signature
      try {
        signature = await rpc
          .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
          .send({ abortSignal: AbortSignal.timeout(requestTimeoutMs) })
      } catch (error) {
        throw new DevnetWalletRpcError(
          -32603,
          `The devnet's Solana node refused the transaction: ${(error as Error).message}`,
        )
      }
      await waitForConfirmation(signature)
      return new Uint8Array(getBase58Encoder().encode(signature))
    },
  }
}

const formatSol = (lamports: bigint) => {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
