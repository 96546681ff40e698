import { InvalidCaipNetworkIdError, NamespaceNotConfiguredError } from '../errors/caip.ts'
import { getNamespaceRules, isValidNamespace } from './chainNamespaces.ts'

/** A CAIP-2 network id, `namespace:reference` (e.g. "eip155:31337"). */
export type CaipNetworkId = `${string}:${string}`

export type CaipNamespaceOptions = {
  /**
   * The namespaces the app configured; an id in another namespace throws
   * `NamespaceNotConfiguredError`. Default: any namespace.
   */
  namespaces?: readonly string[] | undefined
}

export type ToCaipNetworkIdParameters = {
  /** The chain namespace; default "eip155". */
  namespace?: string
  /** The chain reference: the numeric chain id for EVM chains. */
  reference: number | string
}

/** Throws `NamespaceNotConfiguredError` when `namespace` is not among `options.namespaces`. */
export function assertNamespaceConfigured(namespace: string, options: CaipNamespaceOptions = {}) {
  if (options.namespaces && !options.namespaces.includes(namespace))
    throw new NamespaceNotConfiguredError(namespace)
}

/**
 * Builds a CAIP-2 network id; `toCaipNetworkId({ reference: 1 })` is "eip155:1". The
 * reference is checked with its namespace's rules (decimal for eip155, genesis-hash prefixes
 * for solana, polkadot, bip122; the generic CAIP-2 grammar otherwise).
 */
export function toCaipNetworkId(
  parameters: ToCaipNetworkIdParameters,
  options: CaipNamespaceOptions = {},
): CaipNetworkId {
  const namespace = parameters.namespace ?? 'eip155'
  const reference = String(parameters.reference)
  const id = `${namespace}:${reference}`
  if (!isValidNamespace(namespace) || !getNamespaceRules(namespace).reference.test(reference))
    throw new InvalidCaipNetworkIdError(id)
  assertNamespaceConfigured(namespace, options)
  return id as CaipNetworkId
}

/** Splits a CAIP-2 network id into namespace and reference, checking both. */
export function parseCaipNetworkId(
  value: string,
  options: CaipNamespaceOptions = {},
): { namespace: string; reference: string } {
  const parts = value.split(':')
  const [namespace, reference] = parts
  if (parts.length !== 2 || !namespace || !reference) throw new InvalidCaipNetworkIdError(value)
  toCaipNetworkId({ namespace, reference }, options)
  return { namespace, reference }
}
