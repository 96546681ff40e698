import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  fetchEncodedAccount,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  decodeMint,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintSize,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LatchConfig } from '../createLatchConfig.ts'
import {
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  ProviderRequestError,
  toConnectorError,
} from '../errors/connector.ts'
import {
  InvalidTokenAddressError,
  InvalidTransferReceiverError,
  TransferEstimateError,
  TransferRevertedError,
} from '../errors/transfer.ts'
import { findNamespaceConnector } from '../namespaces/findNamespaceConnector.ts'
import { rpcTimeoutMs } from '../timings.ts'
import type { Hex } from '../types.ts'
import type { LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import {
  type CheckedTransfer,
  type TransferEstimate,
  type TransferEstimateRequest,
  type TransferReceipt,
  type TransferToken,
  transferReceiptTimeoutMs,
} from './transferTypes.ts'

/*
 * How Solana sends and estimates transfers, with @solana/kit and the System and Token
 * programs' clients. `sendTransfer` and `estimateTransfer` load this module when a Solana
 * transfer first happens, so none of it is in the page's first chunk.
 */

/** A Solana transfer's cost to the sender, in lamports. */
export type SolanaTransferEstimate = TransferEstimate & {
  /** What the network charges for the transaction (`getFeeForMessage`). */
  networkFee: bigint
  /** The rent of the receiver's new token account, paid by the sender; 0 when none is made. */
  rent: bigint
}

/** How often the signature's status is asked while the transfer is confirmed. */
const confirmPollMs = 500

/** The SPL mint of `token` (base58, or CAIP-10 `solana:{ref}:{mint}`); undefined for SOL. */
export function toSolanaMint(token: TransferToken): Address | undefined {
  const raw = token.address?.slice(token.address.lastIndexOf(':') + 1).trim()
  if (!raw || raw === 'native') return undefined
  if (!isAddress(raw)) throw new InvalidTokenAddressError(raw)
  return raw
}

/** The receiver as a Solana address: base58 of 32 bytes. */
export function toSolanaReceiver(to: string): Address {
  const trimmed = to.trim()
  if (!isAddress(trimmed))
    throw new InvalidTransferReceiverError(to, 'Invalid Solana address (base58, 32 bytes).')
  return trimmed
}

/** The connected Solana wallet, its address and the app's network it is on. */
function getSolanaTransferContext(config: LatchConfig) {
  const state = config.getState()
  const connection = state.namespaces.solana
  const connector = findNamespaceConnector(state, 'solana', connection?.connectorId)
  if (!connection || !connector) throw new ConnectorNotConnectedError()
  const network = config.caipNetworks.find(
    (entry): entry is LatchSolanaNetwork =>
      entry.namespace === 'solana' && entry.caipNetworkId === connection.caipNetworkId,
  )
  if (!network) throw new ChainNotConfiguredError(connection.caipNetworkId)
  return { connector, from: address(connection.address), network }
}

type SolanaRpc = ReturnType<typeof createSolanaRpc>

/** Each RPC request gets spec section 9's RPC timeout. */
const withTimeout = () => ({ abortSignal: AbortSignal.timeout(rpcTimeoutMs) })

/**
 * The instructions that move `amount` from `from` to `to`: a System transfer for SOL; for a
 * token, the Token program's `transferChecked` between the associated token accounts, after
 * creating the receiver's (idempotently) when it does not exist yet.
 */
async function buildSolanaTransfer(
  rpc: SolanaRpc,
  parameters: { from: Address; to: Address; token: TransferToken; amount: bigint },
): Promise<{ instructions: Instruction[]; rent: bigint }> {
  const payer = createNoopSigner(parameters.from)
  const mint = toSolanaMint(parameters.token)
  if (!mint)
    return {
      instructions: [
        getTransferSolInstruction({
          source: payer,
          destination: parameters.to,
          amount: parameters.amount,
        }),
      ],
      rent: 0n,
    }
  // A mint of the Token program, checked before its data is decoded.
  const encoded = await fetchEncodedAccount(rpc, mint, withTimeout())
  if (
    !encoded.exists ||
    encoded.programAddress !== TOKEN_PROGRAM_ADDRESS ||
    encoded.data.length !== getMintSize()
  )
    throw new InvalidTokenAddressError(mint)
  const mintAccount = decodeMint(encoded)
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ mint, owner: parameters.from, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ mint, owner: parameters.to, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const { value: existing } = await rpc
    .getAccountInfo(destination, { encoding: 'base64' })
    .send(withTimeout())
  const instructions: Instruction[] = []
  let rent = 0n
  if (!existing) {
    rent = await rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send(withTimeout())
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: parameters.to,
        mint,
      }),
    )
  }
  instructions.push(
    getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: payer,
      amount: parameters.amount,
      decimals: mintAccount.data.decimals,
    }),
  )
  return { instructions, rent }
}

/** The transaction (fee payer `from`, a recent blockhash), compiled and not signed. */
async function compileSolanaTransfer(rpc: SolanaRpc, from: Address, instructions: Instruction[]) {
  const { value: blockhash } = await rpc
    .getLatestBlockhash({ commitment: 'confirmed' })
    .send(withTimeout())
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(createNoopSigner(from), message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
}

/** What the network charges for the compiled message (`getFeeForMessage`). */
async function getNetworkFee(
  rpc: SolanaRpc,
  messageBytes: ReturnType<typeof compileTransaction>['messageBytes'],
): Promise<bigint | undefined> {
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await rpc
    .getFeeForMessage(message, { commitment: 'confirmed' })
    .send(withTimeout())
  return value ?? undefined
}

/** Waits (bounded) until the signature is confirmed; a failed transaction is reverted. */
async function waitForSolanaConfirmation(
  rpc: SolanaRpc,
  signature: Signature,
  timeoutMs: number,
): Promise<bigint> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send(withTimeout())
    const status = value[0]
    if (status?.err) throw new TransferRevertedError(signature)
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return status.slot
    const remaining = deadline - Date.now()
    if (remaining <= 0)
      throw new ProviderRequestError(
        `The transfer ${signature} was sent but not confirmed within ${Math.round(timeoutMs / 1000)} s.`,
        {},
      )
    await new Promise((resolve) => setTimeout(resolve, Math.min(confirmPollMs, remaining)))
  }
}

/**
 * Has the connected Solana wallet sign and send the transfer (`solana:signAndSendTransaction`),
 * then waits for the network to confirm it. The receipt's `hash` is the base58 signature and
 * `blockNumber` its slot.
 */
export async function sendSolanaTransfer(
  config: LatchConfig,
  parameters: CheckedTransfer & { confirmTimeoutMs?: number | undefined },
): Promise<TransferReceipt> {
  const { connector, from, network } = getSolanaTransferContext(config)
  const to = toSolanaReceiver(parameters.to)
  if (!connector.signAndSendTransaction)
    throw new ProviderRequestError(`${connector.name} cannot send Solana transactions.`, {})
  const rpc = createSolanaRpc(network.rpcUrl)
  const { instructions } = await buildSolanaTransfer(rpc, {
    from,
    to,
    token: parameters.token,
    amount: parameters.amount,
  })
  const transaction = await compileSolanaTransfer(rpc, from, instructions)
  let signatureBytes: Uint8Array
  try {
    signatureBytes = await connector.signAndSendTransaction({
      address: from,
      transaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
    })
  } catch (error) {
    throw toConnectorError(error)
  }
  const signature = getBase58Decoder().decode(signatureBytes) as Signature
  // The pending entry and the receipt carry Solana's base58 signature where EVM has its hash.
  parameters.onSubmitted?.(signature as string as Hex)
  const slot = await waitForSolanaConfirmation(
    rpc,
    signature,
    parameters.confirmTimeoutMs ?? transferReceiptTimeoutMs,
  )
  return { hash: signature as string as Hex, blockNumber: slot }
}

/**
 * The cost of the very transaction `sendSolanaTransfer` sends: the network fee
 * (`getFeeForMessage`) and, for a token whose receiver has no token account yet, its rent.
 * `fee` is their sum (what the sender's SOL pays besides the amount); `gas` counts the
 * signatures and `feePerGas` is the fee per signature.
 */
export async function estimateSolanaTransfer(
  config: LatchConfig,
  parameters: TransferEstimateRequest,
): Promise<SolanaTransferEstimate> {
  const { from, network } = getSolanaTransferContext(config)
  const to = parameters.to?.trim() ? toSolanaReceiver(parameters.to) : from
  const rpc = createSolanaRpc(network.rpcUrl)
  try {
    const { instructions, rent } = await buildSolanaTransfer(rpc, {
      from,
      to,
      token: parameters.token,
      amount: parameters.amount ?? 0n,
    })
    const transaction = await compileSolanaTransfer(rpc, from, instructions)
    const networkFee = await getNetworkFee(rpc, transaction.messageBytes)
    if (networkFee === undefined)
      throw new Error('The node did not know the blockhash of the message.')
    const signatures = BigInt(Object.keys(transaction.signatures).length)
    return {
      gas: signatures,
      feePerGas: networkFee / signatures,
      fee: networkFee + rent,
      networkFee,
      rent,
    }
  } catch (cause) {
    if (cause instanceof InvalidTokenAddressError) throw cause
    throw new TransferEstimateError({ cause })
  }
}
