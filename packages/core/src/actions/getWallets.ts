import type { WalletBadgeType, WalletListing } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import {
  InvalidProjectIdError,
  OriginNotAllowedError,
  WalletRegistryError,
} from '../registry/errors.ts'
import type { FetchLike } from '../types.ts'
import { parseApiResponse } from '../utils/parseApiResponse.ts'
import { sdkHeaders, sdkType, sdkVersion } from '../utils/sdkHeaders.ts'

export { sdkType, sdkVersion } from '../utils/sdkHeaders.ts'
/** Wallets per page of the All Wallets view (spec section 9). */
export const walletsPageSize = 40

export type GetWalletsParameters = {
  /** 1-based; default 1. */
  page?: number | undefined
  /** Page size, 1 to 100; default 40. */
  entries?: number | undefined
  /** Case-insensitive match on the wallet's name or id. */
  search?: string | undefined
  /** Only these wallet ids. */
  include?: readonly string[] | undefined
  /** Never these wallet ids. */
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids: wallets supporting any of them. */
  chains?: readonly string[] | undefined
  badgeType?: WalletBadgeType | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetWalletsReturnType = {
  /** Wallets matching the filters, across every page. */
  count: number
  /** This page, best first. */
  data: WalletListing[]
}

export type GetWalletsErrorType =
  | WalletRegistryError
  | InvalidProjectIdError
  | OriginNotAllowedError

/**
 * Fetches one page of the wallet registry from the Latch API (`GET /getWallets`), parsed with
 * the contract's schema (which refuses links a page must not open, like `javascript:`): an
 * answer that does not match is a `WalletRegistryError`.
 */
export async function getWallets(
  config: LatchConfig,
  parameters: GetWalletsParameters = {},
): Promise<GetWalletsReturnType> {
  const query = new URLSearchParams({
    projectId: config.projectId,
    sdkType,
    sdkVersion,
    page: String(parameters.page ?? 1),
    entries: String(parameters.entries ?? walletsPageSize),
  })
  const search = parameters.search?.trim()
  if (search) query.set('search', search)
  if (parameters.include?.length) query.set('include', parameters.include.join(','))
  if (parameters.exclude?.length) query.set('exclude', parameters.exclude.join(','))
  if (parameters.chains?.length) query.set('chains', parameters.chains.join(','))
  if (parameters.badgeType) query.set('badge_type', parameters.badgeType)

  const fetchFn = config.fetch ?? (globalThis as { fetch?: FetchLike }).fetch
  if (!fetchFn) throw new WalletRegistryError({ details: 'No fetch available.' })
  // Loaded while the request runs: zod stays out of the code the page loads before a click.
  const loadingSchema = import('./getWalletsResponseSchema.ts').then(
    (module) => module.getWalletsResponseSchema,
  )
  loadingSchema.catch(() => {})

  let body: unknown
  try {
    const response = await fetchFn(`${config.apiUrl}/getWallets?${query}`, {
      headers: { accept: 'application/json', ...sdkHeaders },
      signal: parameters.signal,
    })
    body = await response.json().catch(() => undefined)
    if (!response.ok) throw toApiError(response.status, body)
  } catch (error) {
    if (
      error instanceof WalletRegistryError ||
      error instanceof InvalidProjectIdError ||
      error instanceof OriginNotAllowedError
    )
      throw error
    throw new WalletRegistryError({ cause: error })
  }
  const schema = await loadingSchema.catch((cause: unknown) => {
    throw new WalletRegistryError({ cause })
  })
  return parseApiResponse(schema, body, (failure) => new WalletRegistryError(failure))
}

/** Maps an API error answer to a core error; the server texts are those of spec section 8. */
function toApiError(status: number, body: unknown): GetWalletsErrorType {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error
  const message = typeof error?.message === 'string' ? error.message : undefined
  const code = typeof error?.code === 'string' ? error.code : undefined
  const parameters = { status, code, details: message ?? `HTTP ${status}` }
  if (message === 'Unauthorized: invalid key') return new InvalidProjectIdError(parameters)
  if (message === 'Unauthorized: origin not allowed') return new OriginNotAllowedError(parameters)
  return new WalletRegistryError(parameters)
}
