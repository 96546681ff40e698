import { z } from 'zod'

/** `projectId`, required on every call (spec section 7); never a control character (NUL). */
export const projectIdParam = z
  .string()
  .min(1, 'A projectId is required.')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them.
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'A projectId has no control characters.')

/** A chain id as a bare number or CAIP-2 (`31337` or `eip155:31337`), read as a number. */
export const chainIdParam = z
  .string()
  .regex(
    /^(eip155:)?\d+$/,
    'chainId must be a positive integer or a CAIP-2 id like "eip155:31337".',
  )
  .transform((value) => Number(value.replace(/^eip155:/, '')))
