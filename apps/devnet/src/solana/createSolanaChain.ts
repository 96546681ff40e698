import {
  type Address,
  address,
  getAddressDecoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { invalidParams, SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.ts'
import {
  describeSolanaTransactionError,
  type SolanaTransactionError,
  toSolanaTransactionError,
} from './toSolanaTransactionError.ts'

export const tokenProgramAddress = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const token2022ProgramAddress = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

/** Solana's `MAX_PROCESSING_AGE`: a blockhash is valid for 150 blocks after its own. */
export const blockhashMaxAge = 150
/** The devnet's epoch length, Solana's (432,000 slots); the chain stays in epoch 0 for weeks. */
export const slotsPerEpoch = 432_000

export type SolanaTokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: {
    amount: string
    decimals: number
    uiAmount: number | null
    uiAmountString: string
  }
}

/** One transaction the chain executed, kept for `getTransaction`, statuses and address history. */
export type SolanaTransactionRecord = {
  signature: string
  slot: number
  blockTime: number
  /** The transaction as sent (wire bytes). */
  wire: Uint8Array
  version: 'legacy' | 0
  /** Static account keys, then the writable and readonly keys loaded from lookup tables. */
  accountKeys: string[]
  loadedAddresses: { writable: string[]; readonly: string[] }
  err: SolanaTransactionError | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: SolanaTokenBalance[]
  postTokenBalances: SolanaTokenBalance[]
  logMessages: string[]
  innerInstructions: {
    index: number
    instructions: {
      programIdIndex: number
      accounts: number[]
      data: string
      stackHeight: number
    }[]
  }[]
  computeUnitsConsumed: number
}

export type SolanaChainEvent =
  | { type: 'slot'; slot: number; parent: number }
  | { type: 'transaction'; record: SolanaTransactionRecord }

export type DecodedSolanaTransaction = {
  transaction: Transaction
  signature: string
  message: Exclude<
    ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>,
    { version: 1 }
  >
}

export type CreateSolanaChainParameters = {
  /** How often a slot passes with no transaction; 400 ms like Solana. 0 turns the timer off. */
  slotIntervalMs?: number
  /** How many transactions the index keeps (oldest dropped first); 50,000 by default. */
  historyLimit?: number
}

export type SolanaChain = ReturnType<typeof createSolanaChain>

/**
 * The local Solana ledger: LiteSVM (real SVM, real programs) plus what an RPC node keeps around
 * it: slots (one per transaction and one per timer tick), recent blockhashes (one per tick)
 * with Solana's 150-block validity, and an index of executed transactions by signature and by
 * address.
 */
export function createSolanaChain(parameters: CreateSolanaChainParameters = {}) {
  const slotIntervalMs = parameters.slotIntervalMs ?? 400
  const historyLimit = parameters.historyLimit ?? 50_000
  // The blockhash check is ours (a window of 150 blocks, as Solana): LiteSVM alone accepts only
  // its latest blockhash, which a new slot every 400 ms would expire under a wallet's feet.
  const svm = new LiteSVM().withBlockhashCheck(false)
  const genesisTime = Math.floor(Date.now() / 1000)
  let slot = 0
  let blockHeight = 0
  let transactionCount = 0
  const blockhashes = new Map<string, number>()
  const blockhashOrder: string[] = []
  const records = new Map<string, SolanaTransactionRecord>()
  const recordOrder: string[] = []
  const byAddress = new Map<string, string[]>()
  const listeners = new Set<(event: SolanaChainEvent) => void>()
  const transactionDecoder = getTransactionDecoder()
  const messageDecoder = getCompiledTransactionMessageDecoder()
  const base58 = getBase58Decoder()
  const addressDecoder = getAddressDecoder()

  function emit(event: SolanaChainEvent) {
    for (const listener of listeners) listener(event)
  }

  /**
   * A new slot. Each timer tick also makes a new block height and blockhash; a transaction gets a
   * slot of its own but keeps the current blockhash, so a burst of transactions cannot age a
   * blockhash: it stays valid for 150 ticks (about 60 s), as on Solana, and `lastValidBlockHeight`
   * stays consistent with the block height that `@solana/kit` watches.
   */
  function advanceSlot(cause: 'tick' | 'transaction' = 'tick') {
    const parent = slot
    slot += 1
    const now = BigInt(Math.floor(Date.now() / 1000))
    svm.setClock(new Clock(BigInt(slot), BigInt(genesisTime), 0n, 0n, now))
    if (cause === 'tick') {
      blockHeight += 1
      svm.expireBlockhash()
      const blockhash = svm.latestBlockhash()
      blockhashes.set(blockhash, blockHeight)
      blockhashOrder.push(blockhash)
      while (blockhashOrder.length > blockhashMaxAge + 1) {
        blockhashes.delete(blockhashOrder.shift() as string)
      }
    }
    emit({ type: 'slot', slot, parent })
  }
  advanceSlot()
  const timer = slotIntervalMs > 0 ? setInterval(advanceSlot, slotIntervalMs) : undefined
  timer?.unref()

  function decode(wire: Uint8Array): DecodedSolanaTransaction {
    let transaction: Transaction
    let decoded: ReturnType<typeof messageDecoder.decode>
    try {
      transaction = transactionDecoder.decode(wire)
      decoded = messageDecoder.decode(transaction.messageBytes)
    } catch (error) {
      throw invalidParams(
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
      )
    }
    if (decoded.version === 1) {
      throw invalidParams(
        'Transaction version 1 is not served by the Latch devnet: send legacy or version 0.',
      )
    }
    const message = decoded
    const first = Object.values(transaction.signatures)[0]
    if (!first) {
      throw new SolanaRpcError(
        solanaRpcErrorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    return { transaction, message, signature: base58.decode(first) }
  }

  /** The static keys, then the keys its address lookup tables load (read from the tables). */
  function accountKeysOf(message: DecodedSolanaTransaction['message']) {
    const loaded = { writable: [] as string[], readonly: [] as string[] }
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
    for (const lookup of lookups) {
      const table = svm.getAccount(lookup.lookupTableAddress)
      if (!table.exists) continue
      const at = (index: number) =>
        addressDecoder.decode(table.data.subarray(56 + 32 * index, 56 + 32 * (index + 1)))
      loaded.writable.push(...lookup.writableIndexes.map(at))
      loaded.readonly.push(...lookup.readonlyIndexes.map(at))
    }
    return {
      accountKeys: [...message.staticAccounts, ...loaded.writable, ...loaded.readonly],
      loadedAddresses: loaded,
    }
  }

  function tokenBalances(accountKeys: string[]): SolanaTokenBalance[] {
    const balances: SolanaTokenBalance[] = []
    accountKeys.forEach((key, accountIndex) => {
      const parsed = readTokenAccount(address(key))
      if (parsed) balances.push({ accountIndex, ...parsed })
    })
    return balances
  }

  /** An SPL token account's mint, owner and amount, or undefined when `key` is not one. */
  function readTokenAccount(key: Address) {
    const account = svm.getAccount(key)
    if (!account.exists) return undefined
    if (
      account.programAddress !== tokenProgramAddress &&
      account.programAddress !== token2022ProgramAddress
    )
      return undefined
    if (account.data.length < 165 || account.data[108] === 0) return undefined
    const token = getTokenDecoder().decode(account.data.subarray(0, 165))
    const decimals = readMint(token.mint)?.decimals ?? 0
    return {
      mint: token.mint as string,
      owner: token.owner as string,
      programId: account.programAddress as string,
      uiTokenAmount: uiTokenAmount(token.amount, decimals),
    }
  }

  function readMint(mint: Address) {
    const account = svm.getAccount(mint)
    if (!account.exists || account.data.length < 82) return undefined
    if (
      account.programAddress !== tokenProgramAddress &&
      account.programAddress !== token2022ProgramAddress
    )
      return undefined
    return getMintDecoder().decode(account.data.subarray(0, 82))
  }

  function balances(accountKeys: string[]): number[] {
    return accountKeys.map((key) => Number(svm.getBalance(address(key)) ?? 0n))
  }

  function isBlockhashValid(blockhash: string): boolean {
    const height = blockhashes.get(blockhash)
    return height !== undefined && blockHeight - height <= blockhashMaxAge
  }

  function simulationFailed(
    err: SolanaTransactionError,
    meta?: TransactionMetadata,
  ): SolanaRpcError {
    return new SolanaRpcError(
      solanaRpcErrorCodes.transactionSimulationFailed,
      `Transaction simulation failed: ${describeSolanaTransactionError(err)}`,
      {
        accounts: null,
        err,
        innerInstructions: null,
        loadedAccountsDataSize: 0,
        logs: meta?.logs() ?? [],
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: Number(meta?.computeUnitsConsumed() ?? 0n),
      },
    )
  }

  function checkSignaturesAndAge(decoded: DecodedSolanaTransaction) {
    if (Object.values(decoded.transaction.signatures).some((signature) => signature === null)) {
      throw new SolanaRpcError(
        solanaRpcErrorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    if (!isBlockhashValid(decoded.message.lifetimeToken))
      throw simulationFailed('BlockhashNotFound')
  }

  /**
   * Executes a signed transaction in a new slot and indexes it. With `preflight` (Solana's
   * default) a failing transaction is simulated first and refused with -32002 and its logs;
   * without, it lands with its error and pays its fee, as on Solana. Transactions that cannot
   * land (bad signature, unknown blockhash, fee payer without funds) are refused either way.
   */
  function sendTransaction(wire: Uint8Array, options: { preflight: boolean }): string {
    const decoded = decode(wire)
    checkSignaturesAndAge(decoded)
    if (records.has(decoded.signature)) throw simulationFailed('AlreadyProcessed')
    if (options.preflight) {
      const simulated = svm.simulateTransaction(decoded.transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        throw refusal(toSolanaTransactionError(simulated.err()), simulated.meta())
      }
    }
    const { accountKeys, loadedAddresses } = accountKeysOf(decoded.message)
    const preBalances = balances(accountKeys)
    const preTokenBalances = tokenBalances(accountKeys)
    advanceSlot('transaction')
    const result = svm.sendTransaction(decoded.transaction)
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    const err = failed ? toSolanaTransactionError(result.err()) : null
    const postBalances = balances(accountKeys)
    // A transaction lands when its fee payer paid; one that could not even pay is dropped.
    if (failed && postBalances[0] === preBalances[0])
      throw refusal(err as SolanaTransactionError, meta)
    const record: SolanaTransactionRecord = {
      signature: decoded.signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire: wire.slice(),
      version: decoded.message.version === 0 ? 0 : 'legacy',
      accountKeys,
      loadedAddresses,
      err,
      fee: feeOf(meta, decoded.message.header.numSignerAccounts),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: tokenBalances(accountKeys),
      logMessages: meta.logs(),
      innerInstructions: meta
        .innerInstructions()
        .map((instructions, index) => ({
          index,
          instructions: instructions.map((inner) => {
            const compiled = inner.instruction()
            return {
              programIdIndex: compiled.programIdIndex(),
              accounts: [...compiled.accounts()],
              data: base58.decode(compiled.data()),
              stackHeight: inner.stackHeight(),
            }
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    }
    index(record)
    emit({ type: 'transaction', record })
    return record.signature
  }

  function refusal(err: SolanaTransactionError, meta: TransactionMetadata): SolanaRpcError {
    if (err === 'SignatureFailure') {
      return new SolanaRpcError(
        solanaRpcErrorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    return simulationFailed(err, meta)
  }

  function index(record: SolanaTransactionRecord) {
    transactionCount += 1
    records.set(record.signature, record)
    recordOrder.push(record.signature)
    for (const key of new Set(record.accountKeys)) {
      const list = byAddress.get(key)
      if (list) list.push(record.signature)
      else byAddress.set(key, [record.signature])
    }
    while (recordOrder.length > historyLimit) {
      const oldest = records.get(recordOrder.shift() as string)
      if (!oldest) continue
      records.delete(oldest.signature)
      for (const key of new Set(oldest.accountKeys)) {
        const list = byAddress.get(key)
        if (list?.[0] === oldest.signature) list.shift()
        if (list?.length === 0) byAddress.delete(key)
      }
    }
  }

  return {
    svm,
    decode,
    isBlockhashValid,
    readTokenAccount,
    readMint,
    sendTransaction,
    /** Advances one slot (a new block and blockhash) with no transaction. */
    advanceSlot,
    getSlot: () => slot,
    /** Counts timer ticks (each a new blockhash); transactions' own slots do not add to it. */
    getBlockHeight: () => blockHeight,
    getTransactionCount: () => transactionCount,
    getLatestBlockhash() {
      const blockhash = blockhashOrder[blockhashOrder.length - 1] as string
      return { blockhash, lastValidBlockHeight: blockHeight + blockhashMaxAge }
    },
    getRecord: (signature: string) => records.get(signature),
    /** Signatures that touched `key`, oldest first. */
    getSignaturesFor: (key: string): readonly string[] => byAddress.get(key) ?? [],
    subscribe(listener: (event: SolanaChainEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Checks signatures and the blockhash as `sendTransaction` does; for simulations asking `sigVerify`. */
    checkSignaturesAndAge,
    close() {
      if (timer) clearInterval(timer)
      listeners.clear()
    },
  }
}

/** LiteSVM reports the fee it charged only in its debug text; else Solana's 5,000 lamports a signature. */
function feeOf(meta: TransactionMetadata, signatures: number): number {
  const match = /fee: (\d+) \}\s*$/.exec(meta.toString())
  return match ? Number(match[1]) : 5000 * signatures
}

/** Solana's `uiTokenAmount`: the raw amount as a string and its decimal forms. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: Number(uiAmountString),
    uiAmountString,
  }
}
