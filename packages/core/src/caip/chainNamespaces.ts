/** Chain namespaces Latch knows (spec section 3); any other valid CAIP-2 namespace is generic. */
export const chainNamespaces = [
  'eip155',
  'solana',
  'cosmos',
  'polkadot',
  'algorand',
  'cip34',
  'elrond',
  'multiversx',
  'near',
  'tezos',
  'bip122',
] as const

export type ChainNamespace = (typeof chainNamespaces)[number]

/** Whether `value` is one of the chain namespaces Latch knows. */
export function isChainNamespace(value: string): value is ChainNamespace {
  return (chainNamespaces as readonly string[]).includes(value)
}

type NamespaceRules = {
  /** CAIP-2 reference, e.g. the decimal chain id for eip155. */
  reference: RegExp
  /** CAIP-10 address. */
  address: RegExp
}

const base58 = '1-9A-HJ-NP-Za-km-z'

/** Generic CAIP-2 / CAIP-10 grammar, for namespaces without stricter rules. */
const genericRules: NamespaceRules = {
  reference: /^[-_a-zA-Z0-9]{1,32}$/,
  address: /^[-.%a-zA-Z0-9]{1,128}$/,
}

/**
 * Stricter rules where the namespace's CAIP profile fixes the form: eip155 chain ids are
 * decimal and addresses 40 hex characters (spec section 5); solana, polkadot and bip122
 * references are genesis-hash prefixes.
 */
const rules: Partial<Record<ChainNamespace, NamespaceRules>> = {
  eip155: { reference: /^[1-9]\d{0,31}$/, address: /^0x[0-9a-fA-F]{40}$/ },
  solana: {
    reference: new RegExp(`^[${base58}]{32}$`),
    address: new RegExp(`^[${base58}]{32,44}$`),
  },
  polkadot: { reference: /^[0-9a-f]{32}$/, address: genericRules.address },
  bip122: { reference: /^[0-9a-f]{32}$/, address: genericRules.address },
}

/** The validation rules of a namespace; unknown namespaces get the generic CAIP grammar. */
export function getNamespaceRules(namespace: string): NamespaceRules {
  return (isChainNamespace(namespace) ? rules[namespace] : undefined) ?? genericRules
}

/**
 * Whether `namespace` is a valid CAIP-2 namespace: 3-8 of [-a-z0-9], or a known one
 * ("multiversx" is longer than CAIP-2 allows, but wallets use it).
 */
export function isValidNamespace(namespace: string): boolean {
  return isChainNamespace(namespace) || /^[-a-z0-9]{3,8}$/.test(namespace)
}
