import { z } from 'zod'

/** Badges a wallet listing can carry; `certified` marks entries whose links the project checked. */
export const walletBadgeTypes = ['certified', 'none'] as const
export type WalletBadgeType = (typeof walletBadgeTypes)[number]

/** A stable wallet id: a kebab-case slug such as "metamask" or "ledger-live". */
export const walletIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A CAIP-2 chain id: `namespace:reference`, e.g. "eip155:1" or "solana:5eykt4Us...". */
export const caipNetworkIdPattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** Any URL the WHATWG parser accepts, whatever its scheme. */
const anyUrl = z.url()

/** Schemes a page can run or read through; never a wallet link even with "//". */
const unsafeSchemes = new Set(['javascript', 'data', 'vbscript', 'file', 'blob'])

/**
 * Whether a wallet link can be opened: an http(s) universal link or a native scheme such as
 * "metamask://" or "okex://main" (never `javascript:` and the like, as clients navigate to it).
 */
export function isWalletLink(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/\S*$/i.exec(value)?.[1]?.toLowerCase()
  return scheme !== undefined && !unsafeSchemes.has(scheme) && anyUrl.safeParse(value).success
}

const walletLinkSchema = z
  .string()
  .refine(isWalletLink, 'Expected a URL or a native scheme like "metamask://".')

/** An absolute http(s) URL (never `javascript:` and the like: pages link to it). */
const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL.' })

/** One wallet of `GET /getWallets` (spec section 3, Wallet listing). */
export const walletListingSchema = z.object({
  id: z.string().regex(walletIdPattern),
  name: z.string().min(1),
  /** Id for `GET /getWalletImage/{image_id}`; it changes whenever the image does. */
  image_id: z.string().regex(walletIdPattern),
  /** Absolute http(s) URL of the wallet's image, loadable by an `<img>` as is. */
  image_url: httpUrl,
  /** EIP-6963 reverse-DNS id, so an injected wallet is shown once; null when it has none. */
  rdns: z.string().min(1).nullable(),
  /** CAIP-2 ids of the chains the wallet supports. */
  chains: z.array(z.string().regex(caipNetworkIdPattern)),
  /** Universal link or native scheme that opens the mobile app (WalletConnect deep link). */
  mobile_link: walletLinkSchema.nullable(),
  /** Native scheme that opens the desktop app. */
  desktop_link: walletLinkSchema.nullable(),
  /** Web app that connects through WalletConnect. */
  webapp_link: walletLinkSchema.nullable(),
  /** The wallet's site: http(s) only, as pages link to it. */
  homepage: httpUrl.nullable(),
  badge_type: z.enum(walletBadgeTypes),
})
export type WalletListing = z.infer<typeof walletListingSchema>

/** A query value that is a comma-separated list; empty items are dropped. */
function commaList(name: string, item: RegExp, example: string) {
  const message = `${name} must be a comma-separated list of ${example}.`
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(
      z
        .array(z.string().regex(item, message), message)
        .max(100, `${name} may list at most 100 items.`),
    )
}

function integerParameter(message: string, { min, max }: { min: number; max: number }) {
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
}

/** Query of `GET /getWallets` (spec section 7, Wallet-listing API; section 9: pages of 40). */
export const getWalletsQuerySchema = z.object({
  /** Checked by the API's project middleware; it may come in the `X-Project-Id` header instead. */
  projectId: z.string().min(1).optional(),
  /** The SDK's type, as in the `X-Sdk-Type` header (spec section 7); recorded per project. */
  sdkType: z.string().max(64, 'sdkType must be at most 64 characters.').optional(),
  /** The SDK's version, as in the `X-Sdk-Version` header; recorded per project. */
  sdkVersion: z.string().max(64, 'sdkVersion must be at most 64 characters.').optional(),
  page: integerParameter('page must be a positive integer.', {
    min: 1,
    max: 1_000_000,
  }).default(1),
  entries: integerParameter('entries must be an integer from 1 to 100.', {
    min: 1,
    max: 100,
  }).default(40),
  /** Only these wallet ids. */
  include: commaList('include', walletIdPattern, 'wallet ids like "metamask"').optional(),
  /** Never these wallet ids. */
  exclude: commaList('exclude', walletIdPattern, 'wallet ids like "metamask"').optional(),
  /** Case-insensitive match on the name or the id; blank means no search. */
  search: z
    .string()
    .trim()
    .max(100, 'search must be at most 100 characters.')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  badge_type: z.enum(walletBadgeTypes).optional(),
  /** Wallets that support any of these chains. */
  chains: commaList('chains', caipNetworkIdPattern, 'CAIP-2 ids like "eip155:1"').optional(),
})
export type GetWalletsQuery = z.input<typeof getWalletsQuerySchema>
export type GetWalletsParsedQuery = z.output<typeof getWalletsQuerySchema>

/** `GET /getWallets`: `count` is the number of wallets after filtering, across every page. */
export const getWalletsResponseSchema = z.object({
  count: z.number().int().nonnegative(),
  data: z.array(walletListingSchema),
})
export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>
