import { z } from 'zod'

/** `projectId`, required on every call (spec section 7); never a control character (NUL). */
export const projectIdParam = z
  .string()
  .min(1, 'A projectId is required.')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them.
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'A projectId has no control characters.')
  .describe('The project id (or send it as the X-Project-Id header).')

/** A chain id as a bare number or CAIP-2 (`31337` or `eip155:31337`), read as a number. */
export const chainIdParam = z
  .string()
  .regex(
    /^(eip155:)?\d+$/,
    'chainId must be a positive integer or a CAIP-2 id like "eip155:31337".',
  )
  .transform((value) => Number(value.replace(/^eip155:/, '')))
  .describe('A chain id, bare (31337) or CAIP-2 (eip155:31337).')

/** An EVM address in a path: `0x` and 40 hex digits (the API also checks a mixed-case checksum). */
export const addressParam = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address: 0x and 40 hex digits.')

/** An account in a path: an address, or CAIP-10 (`eip155:31337:0x...`) to pick its chain. */
export const accountIdParam = z
  .string()
  .regex(
    /^(eip155:\d+:)?0x[0-9a-fA-F]{40}$/,
    'Expected an address or a CAIP-10 account like "eip155:31337:0x...".',
  )

/** The query of a route that takes nothing but the project id (which may come in `X-Project-Id`). */
export const projectQuerySchema = z.object({ projectId: projectIdParam.optional() })
