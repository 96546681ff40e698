import { type Hex, keccak256, stringToHex } from 'viem'

/** Which real provider's API a sandbox brand speaks. */
export type SandboxApiKind = 'coinbase' | 'moonpay'

/** One brand of the on-ramp sandbox: a name, a fee, the API it speaks and the account it pays from. */
export type SandboxBrand = {
  id: SandboxApiKind
  name: string
  /** Percent of the payment, spec section 9's 1-2% range. */
  feePercent: number
  /** The account purchases are paid out from (a test key: the devnet only). */
  fundingKey: Hex
}

/**
 * The sandbox's two brands: one speaks Coinbase Onramp's API (1% fee), the other MoonPay's (2%).
 * Each pays purchases out from its own account, derived from a public label, so the history can
 * tell whose purchase a transfer was.
 */
export const sandboxBrands: readonly SandboxBrand[] = [
  {
    id: 'coinbase',
    name: 'Sandbox Coinbase',
    feePercent: 1,
    fundingKey: keccak256(stringToHex('latch devnet onramp sandbox: coinbase')),
  },
  {
    id: 'moonpay',
    name: 'Sandbox MoonPay',
    feePercent: 2,
    fundingKey: keccak256(stringToHex('latch devnet onramp sandbox: moonpay')),
  },
]
