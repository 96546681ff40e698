import { z } from 'zod'

/**
 * JSON-RPC 2.0 error codes (spec section 8), as the API's RPC endpoint answers them. Errors a
 * node raises itself (3 execution reverted, -32000 ...) are passed through unchanged.
 */
export const jsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const

/** A JSON-RPC id: a string, a number or null (absent: a notification, answered with nothing). */
export const jsonRpcIdSchema = z.union([z.string(), z.number(), z.null()])
export type JsonRpcId = z.infer<typeof jsonRpcIdSchema>

/** One JSON-RPC 2.0 request, as `POST /v1/?chainId=...&projectId=...` takes it (alone or in a batch). */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcIdSchema.optional(),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>

/** The error member of a JSON-RPC response. */
export const jsonRpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
})
export type JsonRpcError = z.infer<typeof jsonRpcErrorSchema>

/** One JSON-RPC 2.0 response: a result or an error, never both. */
export const jsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: jsonRpcIdSchema, result: z.unknown() }),
  z.object({ jsonrpc: z.literal('2.0'), id: jsonRpcIdSchema, error: jsonRpcErrorSchema }),
])
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError }

/** What the endpoint answers: one response, or an array for a batch. */
export const jsonRpcBodySchema = z.union([jsonRpcResponseSchema, z.array(jsonRpcResponseSchema)])
