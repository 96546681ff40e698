import { z } from 'zod'

/** A network's image id: its CAIP-2 id (`eip155:1`) or bare chain id (`1`). */
export const assetImageIdParam = z
  .string()
  .regex(
    /^(?:(?:eip155:)?[1-9]\d{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32}|bip122:[0-9a-f]{32})$/,
    'id must be a CAIP-2 network id like "eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" or "bip122:000000000019d6689c085ae165831e93".',
  )
  .describe(
    'The network: CAIP-2 (eip155:1, solana:<genesis hash prefix>, bip122:<genesis block hash prefix>) or a bare EVM chain id.',
  )

/** A fiat currency's image id: its ISO 4217 code (`USD`, `eur`). */
export const currencyImageIdParam = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'id must be a three-letter currency code like "USD".')
  .describe('An ISO 4217 currency code.')

/** A token's image id by symbol (`ETH`, `USDC`). */
export const tokenSymbolImageIdParam = z
  .string()
  .regex(/^[A-Za-z0-9]{1,11}$/, 'id must be a token symbol of 1 to 11 letters and digits.')
  .describe('A token symbol.')

/** How long a client may keep a listed or generated image (a week; the ETag revalidates). */
export const publicImageCacheControl = 'public, max-age=604800'
