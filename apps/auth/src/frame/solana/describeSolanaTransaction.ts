import {
  type Address,
  decompileTransactionMessage,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import {
  parseSystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  getTokenDecoder,
  getTokenSize,
  parseAssociatedTokenInstruction,
  parseTokenInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { formatUnits } from 'viem'
import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { SolanaRpc } from './solanaRpc.ts'

/** One transfer the transaction makes, as the confirmation shows it. */
export type SolanaTransferLine = {
  /** SOL, or the SPL mint's address. */
  token: 'SOL' | string
  /** Formatted with the token's decimals. */
  amount: string
  /** The wallet that receives (for a token, the owner of the receiving token account). */
  to: string
}

/** What the frame read from a transaction before asking the person to sign it. */
export type SolanaTransactionDescription = {
  /** The bytes the wallet's signature covers. */
  messageBytes: Uint8Array
  transfers: SolanaTransferLine[]
  /** Token accounts the transaction creates, paid by the wallet (their rent in lamports). */
  createdAccounts: { owner: string; rent: bigint }[]
  /** What the network charges for the transaction, in lamports (`getFeeForMessage`). */
  fee: bigint
}

const cannotDescribe = (what: string) =>
  new FrameRequestError(
    4200,
    `The wallet cannot show what this transaction does (${what}), so it did not sign it.`,
  )

/**
 * Decodes a Solana transaction (wire format) and says what it does, refusing what the wallet
 * cannot describe: only SOL transfers (System program), SPL `transferChecked` (Token
 * program) and the receiver's associated token account created (idempotently); the wallet
 * is the fee payer and the only signer; no address lookup tables. The fee is the network's
 * for this very message, the rent the network's for a token account.
 */
export async function describeSolanaTransaction(
  wire: Uint8Array,
  owner: string,
  rpc: SolanaRpc,
): Promise<SolanaTransactionDescription> {
  let messageBytes: Uint8Array
  let signers: string[]
  let message: ReturnType<typeof decompileTransactionMessage>
  try {
    const transaction = getTransactionDecoder().decode(wire)
    messageBytes = new Uint8Array(transaction.messageBytes)
    signers = Object.keys(transaction.signatures)
    const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes)
    if ('addressTableLookups' in compiled && (compiled.addressTableLookups?.length ?? 0) > 0)
      throw cannotDescribe('it uses address lookup tables')
    message = decompileTransactionMessage(compiled)
  } catch (error) {
    if (error instanceof FrameRequestError) throw error
    throw new FrameRequestError(-32602, 'The transaction could not be read (Solana wire format).', {
      cause: error,
    })
  }
  if (message.feePayer.address !== owner)
    throw new FrameRequestError(
      4100,
      'The transaction’s fee payer is another account than this wallet.',
    )
  if (signers.length !== 1 || signers[0] !== owner)
    throw cannotDescribe('it needs signatures of other accounts')

  const transfers: SolanaTransferLine[] = []
  const created = new Map<string, { owner: string; mint: string }>()
  const tokenTransfers: {
    destination: Address
    mint: Address
    amount: bigint
    decimals: number
  }[] = []
  for (const instruction of message.instructions) {
    const program = instruction.programAddress
    const withData = instruction as typeof instruction & { data: Uint8Array }
    try {
      if (program === SYSTEM_PROGRAM_ADDRESS) {
        const parsed = parseSystemInstruction(withData)
        if (parsed.instructionType !== SystemInstruction.TransferSol)
          throw cannotDescribe('a System instruction other than a transfer')
        if (parsed.accounts.source.address !== owner)
          throw cannotDescribe('SOL from another account')
        transfers.push({
          token: 'SOL',
          amount: formatUnits(parsed.data.amount, 9),
          to: parsed.accounts.destination.address,
        })
        continue
      }
      if (program === TOKEN_PROGRAM_ADDRESS) {
        const parsed = parseTokenInstruction(withData)
        if (parsed.instructionType !== TokenInstruction.TransferChecked)
          throw cannotDescribe('a Token instruction other than transferChecked')
        if (parsed.accounts.authority.address !== owner)
          throw cannotDescribe('tokens of another account')
        tokenTransfers.push({
          destination: parsed.accounts.destination.address,
          mint: parsed.accounts.mint.address,
          amount: parsed.data.amount,
          decimals: parsed.data.decimals,
        })
        continue
      }
      if (program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
        const parsed = parseAssociatedTokenInstruction(withData)
        if (
          parsed.instructionType !== AssociatedTokenInstruction.CreateAssociatedTokenIdempotent &&
          parsed.instructionType !== AssociatedTokenInstruction.CreateAssociatedToken
        )
          throw cannotDescribe('an associated-token instruction other than creating an account')
        if (parsed.accounts.payer.address !== owner)
          throw cannotDescribe('an account paid by another wallet')
        if (parsed.accounts.tokenProgram.address !== TOKEN_PROGRAM_ADDRESS)
          throw cannotDescribe('a token program other than SPL Token')
        created.set(parsed.accounts.ata.address, {
          owner: parsed.accounts.owner.address,
          mint: parsed.accounts.mint.address,
        })
        continue
      }
    } catch (error) {
      if (error instanceof FrameRequestError) throw error
      throw cannotDescribe(`an instruction of ${program} it could not decode`)
    }
    throw cannotDescribe(`an instruction of the program ${program}`)
  }

  for (const transfer of tokenTransfers) {
    const made = created.get(transfer.destination)
    let receiver = made?.mint === transfer.mint ? made.owner : undefined
    if (!receiver) {
      // An existing token account: its owner, read from the chain (and its mint checked).
      const info = await rpc<{ value: { data: [string, string]; owner: string } | null }>(
        'getAccountInfo',
        [transfer.destination, { encoding: 'base64' }],
      )
      const data = info.value
        ? new Uint8Array(getBase64Encoder().encode(info.value.data[0]))
        : undefined
      if (!data || info.value?.owner !== TOKEN_PROGRAM_ADDRESS || data.length !== getTokenSize())
        throw cannotDescribe('tokens to an account that is not a token account')
      const account = getTokenDecoder().decode(data)
      if (account.mint !== transfer.mint)
        throw cannotDescribe('tokens to an account of another mint')
      receiver = account.owner
    }
    transfers.push({
      token: transfer.mint,
      amount: formatUnits(transfer.amount, transfer.decimals),
      to: receiver,
    })
  }
  if (transfers.length === 0) throw cannotDescribe('it transfers nothing')

  const base64 = getBase64Decoder().decode(messageBytes)
  const [feeAnswer, rent, existing] = await Promise.all([
    rpc<{ value: number | null }>('getFeeForMessage', [base64, { commitment: 'confirmed' }]),
    created.size > 0
      ? rpc<number>('getMinimumBalanceForRentExemption', [getTokenSize()])
      : Promise.resolve(0),
    // An idempotent creation of an account that already exists costs no rent.
    Promise.all(
      [...created.keys()].map(async (ata) => {
        const info = await rpc<{ value: unknown }>('getAccountInfo', [ata, { encoding: 'base64' }])
        return info.value ? ata : undefined
      }),
    ),
  ])
  if (feeAnswer.value === null || feeAnswer.value === undefined)
    throw new FrameRequestError(
      -32603,
      'The transaction’s blockhash has expired: prepare it again and retry.',
    )
  return {
    messageBytes,
    transfers,
    createdAccounts: [...created]
      .filter(([ata]) => !existing.includes(ata))
      .map(([, entry]) => ({ owner: entry.owner, rent: BigInt(rent) })),
    fee: BigInt(feeAnswer.value),
  }
}
