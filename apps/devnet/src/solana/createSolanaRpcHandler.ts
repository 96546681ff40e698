import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionEncoder,
  isAddress,
  type KeyPairSigner,
  type MaybeEncodedAccount,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { FailedTransactionMetadata } from 'litesvm'
import { z } from 'zod'
import {
  type SolanaChain,
  type SolanaTransactionRecord,
  slotsPerEpoch,
  token2022ProgramAddress,
  tokenProgramAddress,
} from './createSolanaChain.ts'
import { encodeSolanaAccount } from './encodeSolanaAccount.ts'
import { invalidParams, SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.ts'
import { toSolanaTransactionError } from './toSolanaTransactionError.ts'

/** The Solana RPC version the devnet answers as (`getVersion`, `context.apiVersion`). */
export const solanaDevnetApiVersion = '2.3.0'
/** One lamport in a SOL. */
const lamportsPerSol = 1_000_000_000

export type CreateSolanaRpcHandlerParameters = {
  chain: SolanaChain
  genesisHash: string
  /** Pays `requestAirdrop`: a generated devnet key the chain funded. */
  faucet: KeyPairSigner
  /** Most lamports one `requestAirdrop` may ask for; 100 SOL by default. */
  airdropCapLamports?: number
}

export type SolanaRpcRequest = {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}
export type SolanaRpcResponse =
  | { jsonrpc: '2.0'; id: unknown; result: unknown }
  | { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: unknown } }

const addressParam = z
  .string()
  .max(44)
  .refine((value) => isAddress(value), 'Invalid param: Invalid')
const signatureParam = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid param: Invalid signature')
const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional()
const minContextSlot = z.number().int().nonnegative().optional()
const contextConfig = z.looseObject({ commitment, minContextSlot }).optional()
const dataSlice = z
  .object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
  .optional()
const accountEncoding = z.enum(['base58', 'base64', 'jsonParsed', 'base64+zstd']).optional()
const accountConfig = z
  .looseObject({ commitment, minContextSlot, encoding: accountEncoding, dataSlice })
  .optional()

const paramSchemas = {
  getBalance: z.tuple([addressParam, contextConfig]),
  getAccountInfo: z.tuple([addressParam, accountConfig]),
  getMultipleAccounts: z.tuple([z.array(addressParam).max(100), accountConfig]),
  getLatestBlockhash: z.tuple([contextConfig]),
  getSlot: z.tuple([contextConfig]),
  getBlockHeight: z.tuple([contextConfig]),
  getEpochInfo: z.tuple([contextConfig]),
  getTransactionCount: z.tuple([contextConfig]),
  getGenesisHash: z.tuple([]),
  getHealth: z.tuple([]),
  getVersion: z.tuple([]),
  getMinimumBalanceForRentExemption: z.tuple([
    z
      .number()
      .int()
      .nonnegative()
      .max(10 * 1024 * 1024),
    contextConfig,
  ]),
  getFeeForMessage: z.tuple([z.string().max(2000), contextConfig]),
  isBlockhashValid: z.tuple([z.string().max(44), contextConfig]),
  sendTransaction: z.tuple([
    z.string().max(2000),
    z
      .looseObject({
        encoding: z.enum(['base58', 'base64']).optional(),
        skipPreflight: z.boolean().optional(),
        preflightCommitment: commitment,
        maxRetries: z.number().int().nonnegative().optional(),
        minContextSlot,
      })
      .optional(),
  ]),
  simulateTransaction: z.tuple([
    z.string().max(2000),
    z
      .looseObject({
        encoding: z.enum(['base58', 'base64']).optional(),
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        commitment,
        minContextSlot,
        innerInstructions: z.boolean().optional(),
        accounts: z
          .object({ addresses: z.array(addressParam).max(64), encoding: accountEncoding })
          .optional(),
      })
      .optional(),
  ]),
  getSignatureStatuses: z.tuple([
    z.array(signatureParam).max(256),
    z.looseObject({ searchTransactionHistory: z.boolean().optional() }).optional(),
  ]),
  getTokenAccountsByOwner: z.tuple([
    addressParam,
    z.union([z.object({ mint: addressParam }), z.object({ programId: addressParam })]),
    accountConfig,
  ]),
  getTokenAccountBalance: z.tuple([addressParam, contextConfig]),
  getSignaturesForAddress: z.tuple([
    addressParam,
    z
      .looseObject({
        commitment,
        minContextSlot,
        limit: z.number().int().min(1).max(1000).optional(),
        before: signatureParam.optional(),
        until: signatureParam.optional(),
      })
      .optional(),
  ]),
  getTransaction: z.tuple([
    signatureParam,
    z
      .looseObject({
        commitment,
        encoding: z.enum(['json', 'base58', 'base64', 'jsonParsed']).optional(),
        maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
      })
      .optional(),
  ]),
  requestAirdrop: z.tuple([addressParam, z.number().int().positive(), contextConfig]),
} as const

type Method = keyof typeof paramSchemas
type Params<M extends Method> = z.infer<(typeof paramSchemas)[M]>

/**
 * Answers Solana JSON-RPC requests over the local chain, in Solana's shapes (`{ context, value }`
 * where Solana has them) and with its error codes. Transport-free: the server hands it parsed
 * requests and writes what it returns.
 */
export function createSolanaRpcHandler({
  chain,
  genesisHash,
  faucet,
  airdropCapLamports = 100 * lamportsPerSol,
}: CreateSolanaRpcHandlerParameters) {
  const base64Encoder = getBase64Encoder()
  const base64Decoder = getBase64Decoder()
  const base58Encoder = getBase58Encoder()
  const base58Decoder = getBase58Decoder()
  const context = () => ({ apiVersion: solanaDevnetApiVersion, slot: chain.getSlot() })
  const withContext = (value: unknown) => ({ context: context(), value })

  function checkMinContextSlot(config: { minContextSlot?: number | undefined } | undefined) {
    if (config?.minContextSlot !== undefined && config.minContextSlot > chain.getSlot()) {
      throw new SolanaRpcError(
        solanaRpcErrorCodes.minContextSlotNotReached,
        'Minimum context slot has not been reached',
        { contextSlot: chain.getSlot() },
      )
    }
  }

  function decodeWire(encoded: string, encoding: 'base58' | 'base64' = 'base58'): Uint8Array {
    try {
      return new Uint8Array(
        encoding === 'base64' ? base64Encoder.encode(encoded) : base58Encoder.encode(encoded),
      )
    } catch {
      throw invalidParams(`invalid transaction: Transaction failed to decode as ${encoding}`)
    }
  }

  function encodingOf(
    config: { encoding?: string | undefined } | undefined,
    fallback: 'base58' | 'base64',
  ) {
    const encoding = config?.encoding ?? fallback
    if (encoding === 'base64+zstd') {
      throw invalidParams(
        'Invalid params: encoding "base64+zstd" is not served by the Latch devnet; use base64.',
      )
    }
    return encoding as 'base58' | 'base64' | 'jsonParsed'
  }

  function account(key: string, config: Params<'getAccountInfo'>[1]) {
    return encodeSolanaAccount(chain, chain.svm.getAccount(address(key)), {
      encoding: encodingOf(config, 'base58'),
      dataSlice: config?.dataSlice,
    })
  }

  function statusOf(record: SolanaTransactionRecord) {
    return {
      confirmationStatus: 'finalized',
      // One node, no forks: an executed transaction is final at once.
      confirmations: null,
      err: record.err,
      slot: record.slot,
      status: record.err === null ? { Ok: null } : { Err: record.err },
    }
  }

  function encodeTransaction(record: SolanaTransactionRecord, encoding: string) {
    if (encoding === 'base64') return [base64Decoder.decode(record.wire), 'base64']
    if (encoding === 'base58') return [base58Decoder.decode(record.wire), 'base58']
    const decoded = chain.decode(record.wire)
    const message = decoded.message
    return {
      signatures: Object.values(decoded.transaction.signatures).map((signature) =>
        signature ? base58Decoder.decode(signature) : '1'.repeat(64),
      ),
      message: {
        accountKeys: message.staticAccounts,
        header: {
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
          numRequiredSignatures: message.header.numSignerAccounts,
        },
        instructions: message.instructions.map((instruction) => ({
          accounts: instruction.accountIndices ?? [],
          data: base58Decoder.decode(instruction.data ?? new Uint8Array()),
          programIdIndex: instruction.programAddressIndex,
          stackHeight: null,
        })),
        recentBlockhash: message.lifetimeToken,
        ...('addressTableLookups' in message && message.version === 0
          ? {
              addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
                accountKey: lookup.lookupTableAddress,
                readonlyIndexes: lookup.readonlyIndexes,
                writableIndexes: lookup.writableIndexes,
              })),
            }
          : {}),
      },
    }
  }

  const methods: { [M in Method]: (params: Params<M>) => unknown | Promise<unknown> } = {
    getBalance([key, config]) {
      checkMinContextSlot(config)
      return withContext(Number(chain.svm.getBalance(address(key)) ?? 0n))
    },
    getAccountInfo([key, config]) {
      checkMinContextSlot(config)
      return withContext(account(key, config))
    },
    getMultipleAccounts([keys, config]) {
      checkMinContextSlot(config)
      return withContext(keys.map((key) => account(key, config)))
    },
    getLatestBlockhash([config]) {
      checkMinContextSlot(config)
      return withContext(chain.getLatestBlockhash())
    },
    getSlot([config]) {
      checkMinContextSlot(config)
      return chain.getSlot()
    },
    getBlockHeight([config]) {
      checkMinContextSlot(config)
      return chain.getBlockHeight()
    },
    getTransactionCount([config]) {
      checkMinContextSlot(config)
      return chain.getTransactionCount()
    },
    getEpochInfo([config]) {
      checkMinContextSlot(config)
      const slot = chain.getSlot()
      return {
        absoluteSlot: slot,
        blockHeight: chain.getBlockHeight(),
        epoch: Math.floor(slot / slotsPerEpoch),
        slotIndex: slot % slotsPerEpoch,
        slotsInEpoch: slotsPerEpoch,
        transactionCount: chain.getTransactionCount(),
      }
    },
    getGenesisHash: () => genesisHash,
    getHealth: () => 'ok',
    getVersion: () => ({ 'feature-set': 0, 'solana-core': solanaDevnetApiVersion }),
    getMinimumBalanceForRentExemption: ([length]) =>
      Number(chain.svm.minimumBalanceForRentExemption(BigInt(length))),
    getFeeForMessage([encoded, config]) {
      checkMinContextSlot(config)
      let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
      try {
        message = getCompiledTransactionMessageDecoder().decode(base64Encoder.encode(encoded))
      } catch {
        throw invalidParams('invalid message: Message failed to decode as base64')
      }
      // Solana answers null for a message whose blockhash is no longer valid.
      if (!chain.isBlockhashValid(message.lifetimeToken)) return withContext(null)
      return withContext(5000 * message.header.numSignerAccounts)
    },
    isBlockhashValid([blockhash, config]) {
      checkMinContextSlot(config)
      return withContext(chain.isBlockhashValid(blockhash))
    },
    sendTransaction([encoded, config]) {
      checkMinContextSlot(config)
      const wire = decodeWire(encoded, config?.encoding)
      return chain.sendTransaction(wire, { preflight: config?.skipPreflight !== true })
    },
    simulateTransaction([encoded, config]) {
      checkMinContextSlot(config)
      const decoded = chain.decode(decodeWire(encoded, config?.encoding))
      if (config?.sigVerify && config.replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      if (config?.sigVerify) chain.checkSignaturesAndAge(decoded)
      else if (
        !config?.replaceRecentBlockhash &&
        !chain.isBlockhashValid(decoded.message.lifetimeToken)
      ) {
        return withContext(simulation('BlockhashNotFound', [], 0))
      }
      const svm = chain.svm
      svm.withSigverify(config?.sigVerify === true)
      let result: ReturnType<typeof svm.simulateTransaction>
      try {
        result = svm.simulateTransaction(decoded.transaction)
      } finally {
        svm.withSigverify(true)
      }
      const meta = result.meta()
      const value = simulation(
        result instanceof FailedTransactionMetadata ? toSolanaTransactionError(result.err()) : null,
        meta.logs(),
        Number(meta.computeUnitsConsumed()),
      )
      if (config?.accounts && !(result instanceof FailedTransactionMetadata)) {
        const post = new Map(
          result.postAccounts().map((account) => [account.address as string, account]),
        )
        const accountsEncoding = encodingOf(config.accounts, 'base64')
        value.accounts = config.accounts.addresses.map((key) => {
          const after = post.get(key)
          return encodeSolanaAccount(
            chain,
            after
              ? ({ ...after, exists: true } as MaybeEncodedAccount)
              : chain.svm.getAccount(address(key)),
            { encoding: accountsEncoding },
          )
        })
      }
      if (config?.replaceRecentBlockhash) value.replacementBlockhash = chain.getLatestBlockhash()
      return withContext(value)
    },
    getSignatureStatuses([signatures]) {
      return withContext(
        signatures.map((signature) => {
          const record = chain.getRecord(signature)
          return record ? statusOf(record) : null
        }),
      )
    },
    getTokenAccountsByOwner([owner, filter, config]) {
      checkMinContextSlot(config)
      const program = 'programId' in filter ? address(filter.programId) : tokenProgramAddress
      if (program !== tokenProgramAddress && program !== token2022ProgramAddress) {
        throw invalidParams(`Invalid param: unrecognized Token program id`)
      }
      const mint = 'mint' in filter ? filter.mint : undefined
      if (mint && !chain.readMint(address(mint)))
        throw invalidParams('Invalid param: could not find mint')
      const programs = mint ? [tokenProgramAddress, token2022ProgramAddress] : [program]
      return withContext(
        programs
          .flatMap((id) => chain.svm.getProgramAccounts(id))
          .filter((account) => {
            const token = chain.readTokenAccount(account.address)
            return token !== undefined && token.owner === owner && (!mint || token.mint === mint)
          })
          .map((found) => ({
            account: encodeSolanaAccount(chain, { ...found, exists: true } as MaybeEncodedAccount, {
              encoding: encodingOf(config, 'base58'),
              dataSlice: config?.dataSlice,
            }),
            pubkey: found.address,
          })),
      )
    },
    getTokenAccountBalance([key, config]) {
      checkMinContextSlot(config)
      const token = chain.readTokenAccount(address(key))
      if (!token) throw invalidParams('Invalid param: not a Token account')
      return withContext(token.uiTokenAmount)
    },
    getSignaturesForAddress([key, config]) {
      checkMinContextSlot(config)
      const all = chain.getSignaturesFor(key)
      const limit = config?.limit ?? 1000
      let end = all.length
      if (config?.before) {
        const at = all.lastIndexOf(config.before)
        end = at === -1 ? 0 : at
      }
      const found = []
      for (let index = end - 1; index >= 0 && found.length < limit; index -= 1) {
        const signature = all[index] as string
        if (signature === config?.until) break
        const record = chain.getRecord(signature)
        if (!record) continue
        found.push({
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
          err: record.err,
          memo: null,
          signature,
          slot: record.slot,
        })
      }
      return found
    },
    getTransaction([signature, config]) {
      const record = chain.getRecord(signature)
      if (!record) return null
      if (record.version === 0 && config?.maxSupportedTransactionVersion === undefined) {
        throw new SolanaRpcError(
          solanaRpcErrorCodes.transactionVersionNotSupported,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        )
      }
      const encoding = config?.encoding ?? 'json'
      if (encoding === 'jsonParsed') {
        throw invalidParams(
          'Invalid params: encoding "jsonParsed" of transactions is not served by the Latch devnet; use json (with pre/postTokenBalances) or base64.',
        )
      }
      return {
        blockTime: record.blockTime,
        meta: {
          computeUnitsConsumed: record.computeUnitsConsumed,
          err: record.err,
          fee: record.fee,
          innerInstructions: record.innerInstructions,
          loadedAddresses: record.loadedAddresses,
          logMessages: record.logMessages,
          postBalances: record.postBalances,
          postTokenBalances: record.postTokenBalances,
          preBalances: record.preBalances,
          preTokenBalances: record.preTokenBalances,
          rewards: [],
          status: record.err === null ? { Ok: null } : { Err: record.err },
        },
        slot: record.slot,
        transaction: encodeTransaction(record, encoding),
        ...(config?.maxSupportedTransactionVersion === undefined
          ? {}
          : { version: record.version }),
      }
    },
    async requestAirdrop([key, lamports]) {
      if (lamports > airdropCapLamports) {
        throw invalidParams(
          `Invalid params: an airdrop of ${lamports} lamports is over the devnet's cap of ${airdropCapLamports} lamports (${airdropCapLamports / lamportsPerSol} SOL) per request.`,
        )
      }
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(faucet, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(chain.getLatestBlockhash() as never, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: faucet,
              destination: address(key),
              amount: BigInt(lamports),
            }),
            m,
          ),
      )
      const signed = await signTransactionMessageWithSigners(message)
      const wire = new Uint8Array(getTransactionEncoder().encode(signed))
      return chain.sendTransaction(wire, { preflight: true })
    },
  }

  function simulation(err: unknown, logs: string[], unitsConsumed: number) {
    return {
      accounts: null as unknown[] | null,
      err,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      logs,
      replacementBlockhash: null as unknown,
      returnData: null,
      unitsConsumed,
    }
  }

  /** Answers one JSON-RPC request object (never throws: errors become JSON-RPC errors). */
  async function handle(request: SolanaRpcRequest): Promise<SolanaRpcResponse> {
    const id =
      request && typeof request === 'object' && 'id' in request ? (request.id ?? null) : null
    try {
      if (
        !request ||
        typeof request !== 'object' ||
        request.jsonrpc !== '2.0' ||
        typeof request.method !== 'string'
      ) {
        throw new SolanaRpcError(solanaRpcErrorCodes.invalidRequest, 'Invalid request')
      }
      const method = request.method
      if (!Object.hasOwn(paramSchemas, method)) {
        throw new SolanaRpcError(solanaRpcErrorCodes.methodNotFound, 'Method not found')
      }
      const schema = paramSchemas[method as Method]
      const parsed = schema.safeParse(request.params ?? [])
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
        throw invalidParams(
          issue?.message.startsWith('Invalid param')
            ? issue.message
            : `Invalid params${where}: ${issue?.message ?? 'invalid'}.`,
        )
      }
      const run = methods[method as Method] as (params: unknown) => unknown
      const result = await run(parsed.data)
      return { jsonrpc: '2.0', id, result }
    } catch (error) {
      if (error instanceof SolanaRpcError) return { jsonrpc: '2.0', id, error: error.toJSON() }
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: solanaRpcErrorCodes.internalError,
          message: `Internal error: ${(error as Error).message}`,
        },
      }
    }
  }

  return { handle, methods: Object.keys(paramSchemas) as Method[] }
}
