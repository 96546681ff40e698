import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  type Address,
  BaseError,
  concatHex,
  createPublicClient,
  encodeAbiParameters,
  type Hex,
  http,
  isAddressEqual,
  numberToHex,
} from 'viem'
import { toPackedUserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { readAccountAbstractionArtifact } from './readAccountAbstractionArtifact.ts'

/** A chain the paymaster service sponsors on. */
export type PaymasterServiceChain = {
  chainId: number
  rpcUrl: string
  entryPoint: Address
  /** The devnet's VerifyingPaymaster v0.7 on that chain. */
  paymaster: Address
}

export type CreatePaymasterServiceParameters = {
  chains: readonly PaymasterServiceChain[]
  /** The VerifyingPaymaster's `verifyingSigner` key (anvil key 4; a test key). */
  signerPrivateKey: Hex
  /** How long a sponsorship stays valid; 5 minutes by default. */
  validForSeconds?: number
  /** Unix seconds; `Date.now()` by default. */
  now?: () => number
}

/** Largest JSON-RPC request accepted (a user operation with an account's init code fits easily). */
export const paymasterBodyLimitBytes = 64 * 1024

/** Gas the VerifyingPaymaster's validation takes at most (it has no postOp). */
const paymasterVerificationGasLimit = 100_000n
const paymasterPostOpGasLimit = 0n

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.')
  .transform((value) => value as Address)
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a 0x-prefixed hex quantity.')
  .transform((value) => BigInt(value))
// 48 KB of hex at most, within the body limit.
const data = z
  .string()
  .max(2 + 96 * 1024)
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'Expected 0x-prefixed hex bytes.')
  .transform((value) => value as Hex)

/** A user operation in ERC-4337 v0.7's JSON-RPC shape, as ERC-7677 sends it. */
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: data.nullish(),
  callData: data,
  callGasLimit: quantity.optional(),
  verificationGasLimit: quantity.optional(),
  preVerificationGas: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
})
type UserOperationParameter = z.infer<typeof userOperationSchema>

const paramsSchema = z.tuple(
  [userOperationSchema, address, quantity, z.record(z.string(), z.unknown()).nullish()],
  { error: 'Expected params [userOperation, entryPoint, chainId, context].' },
)
const requestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: 'Expected "jsonrpc": "2.0".' }),
  id: z.union([z.string().max(100), z.number(), z.null()]),
  method: z.string().max(100),
  params: z.unknown(),
})

const sponsor = { name: 'Latch Devnet' }

type RpcError = { code: number; message: string }
class PaymasterRequestError extends Error {
  readonly error: RpcError
  constructor(error: RpcError) {
    super(error.message)
    this.error = error
  }
}

/**
 * The devnet's ERC-7677 paymaster service for its VerifyingPaymaster v0.7: `POST /:chainId`
 * answers JSON-RPC `pm_getPaymasterStubData` (paymaster data with a placeholder signature, gas
 * limits, for estimation) and `pm_getPaymasterData` (the paymaster's signature over
 * `getHash(userOp, validUntil, validAfter)`, read from the contract, valid for a few minutes).
 * It sponsors every user operation on the chains and entry point it knows and refuses others.
 */
export function createPaymasterService(parameters: CreatePaymasterServiceParameters): Hono {
  const { chains, signerPrivateKey, validForSeconds = 300 } = parameters
  const now = parameters.now ?? (() => Math.floor(Date.now() / 1000))
  const signer = privateKeyToAccount(signerPrivateKey)
  const paymasterAbi = readAccountAbstractionArtifact('VerifyingPaymaster').abi
  const clients = new Map(
    chains.map((chain) => [
      chain.chainId,
      createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 0 }) }),
    ]),
  )
  // Any well-formed signature will do for estimation (the paymaster must not revert on it).
  const stubSignature = signer.signMessage({ message: 'Latch Devnet paymaster stub signature' })

  const validity = (base: number) => ({
    validUntil: base + validForSeconds,
    // A minute back: the chain's clock may differ from ours by a few seconds.
    validAfter: Math.max(0, now() - 60),
  })
  const encodeValidity = (validUntil: number, validAfter: number) =>
    encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

  const stubData = async (chain: PaymasterServiceChain) => {
    const { validUntil, validAfter } = validity(now())
    return {
      paymaster: chain.paymaster,
      paymasterData: concatHex([encodeValidity(validUntil, validAfter), await stubSignature]),
      paymasterVerificationGasLimit: numberToHex(paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(paymasterPostOpGasLimit),
      sponsor,
      isFinal: false,
    }
  }

  const signedData = async (
    chain: PaymasterServiceChain,
    userOperation: UserOperationParameter,
  ) => {
    const missing = (
      [
        'callGasLimit',
        'verificationGasLimit',
        'preVerificationGas',
        'maxFeePerGas',
        'maxPriorityFeePerGas',
      ] as const
    ).filter((field) => userOperation[field] === undefined)
    if (missing.length > 0) {
      throw new PaymasterRequestError({
        code: -32602,
        message: `The user operation has no ${missing.join(', ')}: estimate its gas before pm_getPaymasterData.`,
      })
    }
    const verificationLimit =
      userOperation.paymasterVerificationGasLimit ?? paymasterVerificationGasLimit
    const postOpLimit = userOperation.paymasterPostOpGasLimit ?? paymasterPostOpGasLimit
    const client = clients.get(chain.chainId)
    if (!client) throw new Error(`No client for chain ${chain.chainId}.`)
    const block = await client.getBlock({ blockTag: 'latest' })
    // The chain's clock can run ahead of ours (anvil mines many blocks a second).
    const { validUntil, validAfter } = validity(Math.max(now(), Number(block.timestamp)))
    const packed = toPackedUserOperation({
      sender: userOperation.sender,
      nonce: userOperation.nonce,
      factory: userOperation.factory ?? undefined,
      factoryData: userOperation.factoryData ?? undefined,
      callData: userOperation.callData,
      callGasLimit: userOperation.callGasLimit as bigint,
      verificationGasLimit: userOperation.verificationGasLimit as bigint,
      preVerificationGas: userOperation.preVerificationGas as bigint,
      maxFeePerGas: userOperation.maxFeePerGas as bigint,
      maxPriorityFeePerGas: userOperation.maxPriorityFeePerGas as bigint,
      paymaster: chain.paymaster,
      paymasterVerificationGasLimit: verificationLimit,
      paymasterPostOpGasLimit: postOpLimit,
      paymasterData: '0x',
      signature: '0x',
    })
    const hash = (await client.readContract({
      address: chain.paymaster,
      abi: paymasterAbi,
      functionName: 'getHash',
      args: [packed, validUntil, validAfter],
    })) as Hex
    const signature = await signer.signMessage({ message: { raw: hash } })
    return {
      paymaster: chain.paymaster,
      paymasterData: concatHex([encodeValidity(validUntil, validAfter), signature]),
      paymasterVerificationGasLimit: numberToHex(verificationLimit),
      paymasterPostOpGasLimit: numberToHex(postOpLimit),
    }
  }

  const app = new Hono()
  app.post(
    '/:chainId',
    bodyLimit({
      maxSize: paymasterBodyLimitBytes,
      onError: (c) =>
        c.json(
          rpcError(null, {
            code: -32600,
            message: `The request body is larger than ${paymasterBodyLimitBytes / 1024} KB.`,
          }),
          413,
        ),
    }),
    async (c) => {
      const body = await c.req.json().catch(() => undefined)
      if (body === undefined) {
        return c.json(rpcError(null, { code: -32700, message: 'Invalid JSON body.' }))
      }
      const request = requestSchema.safeParse(body)
      if (!request.success) {
        return c.json(
          rpcError(null, {
            code: -32600,
            message: `Invalid JSON-RPC request: ${request.error.issues[0]?.message ?? 'expected one request object'}.`,
          }),
        )
      }
      const { id, method } = request.data
      try {
        if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') {
          throw new PaymasterRequestError({
            code: -32601,
            message: `Method "${method}" is not supported: this paymaster answers pm_getPaymasterStubData and pm_getPaymasterData.`,
          })
        }
        const chainIdParam = c.req.param('chainId')
        const chain = chains.find((known) => String(known.chainId) === chainIdParam)
        if (!chain) {
          throw new PaymasterRequestError({
            code: -32602,
            message: `Chain "${chainIdParam.slice(0, 20)}" is not sponsored here (chains: ${chains.map((known) => known.chainId).join(', ')}).`,
          })
        }
        const params = paramsSchema.safeParse(request.data.params)
        if (!params.success) {
          const issue = params.error.issues[0]
          throw new PaymasterRequestError({
            code: -32602,
            message: `Invalid params${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'expected [userOperation, entryPoint, chainId, context]'}`,
          })
        }
        const [userOperation, entryPoint, chainId] = params.data
        if (chainId !== BigInt(chain.chainId)) {
          throw new PaymasterRequestError({
            code: -32602,
            message: `Chain id ${chainId} does not match this paymaster URL's chain ${chain.chainId}.`,
          })
        }
        if (!isAddressEqual(entryPoint, chain.entryPoint)) {
          throw new PaymasterRequestError({
            code: -32602,
            message: `Entry point ${entryPoint} is not supported: this paymaster sponsors user operations of EntryPoint v0.7 (${chain.entryPoint}) only.`,
          })
        }
        const result =
          method === 'pm_getPaymasterStubData'
            ? await stubData(chain)
            : await signedData(chain, userOperation)
        return c.json({ jsonrpc: '2.0', id, result })
      } catch (error) {
        if (error instanceof PaymasterRequestError) return c.json(rpcError(id, error.error))
        const reason = error instanceof BaseError ? error.shortMessage : (error as Error).message
        return c.json(
          rpcError(id, { code: -32603, message: `The paymaster could not sign: ${reason}` }),
        )
      }
    },
  )
  return app
}

function rpcError(id: string | number | null, error: RpcError) {
  return { jsonrpc: '2.0' as const, id, error }
}
