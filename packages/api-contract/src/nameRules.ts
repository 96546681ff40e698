/**
 * The account-name rules and helpers without zod, so a web page can use them without
 * loading zod (this package has no side effects: a bundle keeps only what it uses).
 * `names.ts` re-exports them with the names schemas.
 */

/** The suffix of account names when the API's LATCH_NAME_SUFFIX is unset: `alice.latch.id`. */
export const defaultNameSuffix = 'latch.id'

/**
 * What a name's label (the part before the suffix) may be (spec section 5): ASCII letters,
 * digits and hyphens, 4 to 63 characters, no hyphen first or last. Letters are ASCII only, so
 * no two names look alike; case does not matter (names are stored in lower case).
 */
export const nameLabelRules = {
  minLength: 4,
  maxLength: 63,
  /** The allowed characters and the hyphen rule; check the length separately. */
  pattern: /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
  /** The one message for any label that breaks a rule. */
  message: 'Names use letters, digits and hyphens, at least 4 characters.',
} as const

/** Whether `label` (without the suffix) may be registered; shared by the API and the web app. */
export function isValidNameLabel(label: string): boolean {
  return (
    label.length >= nameLabelRules.minLength &&
    label.length <= nameLabelRules.maxLength &&
    nameLabelRules.pattern.test(label)
  )
}

/** How far a signed registration message's timestamp may be from the server's clock. */
export const nameMessageMaxSkewSeconds = 600

/**
 * The exact message string to sign for registering `name`, e.g.
 * `{"name":"alice.latch.id","attributes":{},"timestamp":1732190000}`.
 */
export function createNameMessage({
  name,
  attributes = {},
  timestamp = Math.floor(Date.now() / 1000),
}: {
  name: string
  attributes?: Record<string, string> | undefined
  timestamp?: number | undefined
}): string {
  return JSON.stringify({ name, attributes, timestamp })
}

/**
 * The message that replaces a registered name's attributes (`nameAttributesMessageSchema`),
 * for the name's address to sign with `personal_sign`.
 */
export function createNameAttributesMessage({
  name,
  attributes,
  timestamp = Math.floor(Date.now() / 1000),
}: {
  name: string
  attributes: Record<string, string>
  timestamp?: number | undefined
}): string {
  return JSON.stringify({ action: 'set-attributes', name, attributes, timestamp })
}

const slip44Msb = 0x80000000

/**
 * The ENSIP-11 coin type of an EVM chain, which `POST /v1/profile/account` takes as
 * `coin_type`: 60 for Ethereum mainnet, `2147483648 + chainId` for any other chain (the
 * devnet's 31337 is 2147514985). Contract accounts are verified on that chain.
 */
export function toNameCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= slip44Msb)
    throw new RangeError(`Chain id ${chainId} has no ENSIP-11 coin type.`)
  return chainId === 1 ? 60 : slip44Msb + chainId
}

/** The EVM chain id an ENSIP-11 coin type stands for, or undefined when it is not one. */
export function chainIdFromNameCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (Number.isSafeInteger(coinType) && coinType > slip44Msb && coinType < 2 * slip44Msb)
    return coinType - slip44Msb
  return undefined
}
