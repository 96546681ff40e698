import { z } from 'zod'
import { chainIdParam, projectIdParam } from './params.ts'

/**
 * The ERC-4337 methods `POST /v1/bundler` forwards to the chain's bundler (spec section 7);
 * any other method is answered with JSON-RPC -32601.
 */
export const bundlerRpcMethods = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
  'pimlico_getUserOperationGasPrice',
] as const
export type BundlerRpcMethod = (typeof bundlerRpcMethods)[number]

/** The ERC-7677 methods `POST /v1/paymaster` forwards to the chain's paymaster service. */
export const paymasterRpcMethods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const
export type PaymasterRpcMethod = (typeof paymasterRpcMethods)[number]

/** A bundler's name in configuration (LATCH_NETWORKS' `accountAbstraction.bundlers[].name`). */
export const bundlerNameParam = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,31}$/,
    'bundler must be a bundler name like "pimlico" (a-z, 0-9, -).',
  )
  .describe("The bundler's name; the chain's first configured bundler when absent.")

/** `POST /v1/bundler?projectId&chainId&bundler`. */
export const bundlerQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  chainId: chainIdParam,
  bundler: bundlerNameParam.optional(),
})
export type BundlerQuery = z.input<typeof bundlerQuerySchema>

/** `POST /v1/paymaster?projectId&chainId`. */
export const paymasterQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  chainId: chainIdParam,
})
export type PaymasterQuery = z.input<typeof paymasterQuerySchema>

/** The API's bundler endpoint for one chain: what the embedded wallet's bundler client calls. */
export function bundlerEndpointUrl({
  apiUrl,
  chainId,
  projectId,
  bundler,
}: {
  apiUrl: string
  chainId: number
  projectId: string
  bundler?: string | undefined
}): string {
  const base = `${apiUrl.replace(/\/+$/, '')}/v1/bundler?projectId=${encodeURIComponent(projectId)}&chainId=eip155:${chainId}`
  return bundler === undefined ? base : `${base}&bundler=${encodeURIComponent(bundler)}`
}

/** The API's ERC-7677 paymaster endpoint for one chain. */
export function paymasterEndpointUrl({
  apiUrl,
  chainId,
  projectId,
}: {
  apiUrl: string
  chainId: number
  projectId: string
}): string {
  return `${apiUrl.replace(/\/+$/, '')}/v1/paymaster?projectId=${encodeURIComponent(projectId)}&chainId=eip155:${chainId}`
}
