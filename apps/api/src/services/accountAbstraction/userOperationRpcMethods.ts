import type { BundlerRpcMethod, PaymasterRpcMethod } from '@latch/api-contract'
import { z } from 'zod'
import { address, data, hash, quantity } from '../rpc/allowedRpcMethods.ts'

/**
 * A user operation as ERC-4337 JSON-RPC carries it (v0.7 fields, v0.6's `initCode` and
 * `paymasterAndData` too): the sender is required, every known field is checked for its hex
 * shape when present (estimates and paymaster stubs send partial ones), and fields of newer
 * versions (EIP-7702's `eip7702Auth`) pass to the bundler, which checks them itself.
 */
const userOperation = z.looseObject({
  sender: address,
  nonce: quantity.optional(),
  factory: address.nullable().optional(),
  factoryData: data.nullable().optional(),
  initCode: data.optional(),
  callData: data.optional(),
  callGasLimit: quantity.optional(),
  verificationGasLimit: quantity.optional(),
  preVerificationGas: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  paymaster: address.nullable().optional(),
  paymasterVerificationGasLimit: quantity.nullable().optional(),
  paymasterPostOpGasLimit: quantity.nullable().optional(),
  paymasterData: data.nullable().optional(),
  paymasterAndData: data.optional(),
  signature: data.optional(),
})
/** eth_estimateUserOperationGas's state overrides: an object the bundler checks itself. */
const stateOverride = z.record(z.string(), z.unknown())
/** ERC-7677's context: the paymaster service's own object (a sponsorship policy id, say). */
const paymasterContext = z.record(z.string(), z.unknown()).nullable()
const none = z.tuple([])

type MethodSchemas<method extends string> = ReadonlyMap<method, z.ZodType<readonly unknown[]>>

/** What `POST /v1/bundler` forwards, with the params each takes; others are -32601. */
export const bundlerRpcMethodSchemas: MethodSchemas<BundlerRpcMethod> = new Map<
  BundlerRpcMethod,
  z.ZodType<readonly unknown[]>
>([
  ['eth_sendUserOperation', z.tuple([userOperation, address])],
  ['eth_estimateUserOperationGas', z.tuple([userOperation, address, stateOverride.optional()])],
  ['eth_getUserOperationReceipt', z.tuple([hash])],
  ['eth_getUserOperationByHash', z.tuple([hash])],
  ['eth_supportedEntryPoints', none],
  ['eth_chainId', none],
  ['pimlico_getUserOperationGasPrice', none],
])

/** What `POST /v1/paymaster` forwards (ERC-7677: user operation, EntryPoint, chain, context). */
export const paymasterRpcMethodSchemas: MethodSchemas<PaymasterRpcMethod> = new Map<
  PaymasterRpcMethod,
  z.ZodType<readonly unknown[]>
>([
  [
    'pm_getPaymasterStubData',
    z.tuple([userOperation, address, quantity, paymasterContext.optional()]),
  ],
  ['pm_getPaymasterData', z.tuple([userOperation, address, quantity, paymasterContext.optional()])],
])
