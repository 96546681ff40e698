import { randomBytes } from 'node:crypto'
import type { Address } from 'viem'
import type { SandboxBrand } from './sandboxBrands.ts'
import type { SandboxAsset, SandboxFiat } from './sandboxCatalog.ts'

/** An opened checkout: what is bought, by which brand, for which address. */
export type Checkout = {
  brand: SandboxBrand
  asset: SandboxAsset
  address: Address
  fiat: SandboxFiat
  /** The amount to show first, as typed text. */
  presetAmount: string
  returnUrl: string
}

export type CheckoutStore = {
  open(checkout: Checkout): string
  get(id: string): Checkout | undefined
  /** Takes the checkout out (while its payment runs, or for good once paid). */
  take(id: string): Checkout | undefined
  /** Puts a taken checkout back (its payment failed). */
  restore(id: string, checkout: Checkout): void
}

/**
 * Open checkouts in memory, by an unguessable id (128 bits), each for `ttlMs`; at most `max`
 * (the oldest go first), so opening pages in a loop cannot grow it without bound.
 */
export function createCheckoutStore({
  ttlMs = 30 * 60_000,
  max = 1000,
  now = Date.now,
}: {
  ttlMs?: number
  max?: number
  now?: () => number
} = {}): CheckoutStore {
  const entries = new Map<string, { checkout: Checkout; expiresAt: number }>()
  const live = (id: string) => {
    const entry = entries.get(id)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(id)
      return undefined
    }
    return entry
  }
  const put = (id: string, checkout: Checkout) => {
    entries.set(id, { checkout, expiresAt: now() + ttlMs })
    while (entries.size > max) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }
  return {
    open(checkout) {
      const id = randomBytes(16).toString('base64url')
      put(id, checkout)
      return id
    },
    get: (id) => live(id)?.checkout,
    take(id) {
      const entry = live(id)
      entries.delete(id)
      return entry?.checkout
    },
    restore: put,
  }
}
