import { z } from 'zod'

const hex = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity.')

/** One asset of an EIP-7811 `wallet_getAssets` answer. */
export const walletAssetSchema = z.object({
  /** The token contract, or 'native' for the chain's coin. */
  address: z.union([z.literal('native'), z.string().regex(/^0x[0-9a-fA-F]{40}$/)]),
  /** In the smallest unit. */
  balance: hex,
  /** 'native', 'erc20', 'erc721'...: wallets may list kinds the app does not show. */
  type: z.string().max(32),
  metadata: z
    .object({
      name: z.string().max(128).optional(),
      symbol: z.string().max(32).optional(),
      decimals: z.number().int().min(0).max(36).optional(),
    })
    .passthrough()
    .optional(),
})
export type WalletAsset = z.infer<typeof walletAssetSchema>

/**
 * EIP-7811 `wallet_getAssets` answer: the account's assets per chain id (hex), as the wallet
 * knows them. At most 500 per chain are read: a wallet is not a token indexer.
 */
export const walletAssetsSchema = z.record(
  z.string().regex(/^0x[0-9a-fA-F]{1,16}$/),
  z.array(walletAssetSchema).max(500),
)
export type WalletAssets = z.infer<typeof walletAssetsSchema>
