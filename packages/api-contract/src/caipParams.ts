import { z } from 'zod'

/**
 * A chain id of any namespace: bare or CAIP-2 EVM (`31337`, `eip155:31337`), read as a number;
 * any other CAIP-2 id (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
 * `bip122:000000000019d6689c085ae165831e93`) kept as text. The server answers 'Chain adapter
 * not found' for a namespace it has no code for.
 */
export const caipChainIdParam = z
  .string()
  .regex(
    /^(?:(?:eip155:)?\d{1,15}|[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})$/,
    'chainId must be a positive integer or a CAIP-2 id like "eip155:31337" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".',
  )
  .transform((value): number | `${string}:${string}` =>
    /^(?:eip155:)?\d+$/.test(value)
      ? Number(value.replace(/^eip155:/, ''))
      : (value as `${string}:${string}`),
  )
  .describe(
    'A chain id: bare (31337) or CAIP-2 (eip155:31337, solana:{genesis prefix}, bip122:{genesis prefix}).',
  )

/**
 * An account in a path: an EVM address or CAIP-10 (`eip155:1:0x...`), or a Solana or Bitcoin
 * address (with the CAIP-2 `chainId` in the query) or CAIP-10 account (`solana:{ref}:{address}`).
 * The server checks the address for its network.
 */
export const caipAccountParam = z
  .string()
  .regex(
    /^(?:(?:eip155:\d{1,15}:)?0x[0-9a-fA-F]{40}|(?:[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:)?[a-zA-Z0-9]{14,90})$/,
    'Expected an address or a CAIP-10 account like "eip155:31337:0x..." or "solana:{ref}:{address}".',
  )
