import { z } from 'zod'

/** `GET /health`: the readiness probe of the start and test scripts. */
export const healthResponseSchema = z.object({ status: z.literal('ok') })

/** `GET /v1/openapi.json`: an OpenAPI 3.1 document (`createOpenApiDocument`). */
export const openApiResponseSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})

/** Path parameters of `GET /getWalletImage/{id}`. */
export const walletImageParamsSchema = z.object({
  /** The listing's `image_id`. */
  id: z.string().min(1).max(200),
})
