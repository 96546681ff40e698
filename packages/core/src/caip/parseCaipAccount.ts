import { InvalidCaipAccountError } from '../errors/caip.ts'
import { getNamespaceRules } from './chainNamespaces.ts'
import {
  type CaipNamespaceOptions,
  type CaipNetworkId,
  parseCaipNetworkId,
  toCaipNetworkId,
} from './toCaipNetworkId.ts'

/** A parsed CAIP-10 account (`namespace:reference:address`). */
export type CaipAccount = {
  namespace: string
  reference: string
  caipNetworkId: CaipNetworkId
  address: string
}

/**
 * Parses a CAIP-10 account such as "eip155:1:0xab...". Throws `InvalidCaipAccountError` with the
 * spec's wording when it has not 3 parts, or when an eip155 address is not 40 hex characters;
 * other namespaces are checked with their own rules or the generic CAIP-10 grammar.
 */
export function parseCaipAccount(value: string, options: CaipNamespaceOptions = {}): CaipAccount {
  const parts = value.split(':')
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !namespace || !reference || !address)
    throw new InvalidCaipAccountError(value, 'parts')
  const caipNetworkId = toCaipNetworkId({ namespace, reference }, options)
  if (!getNamespaceRules(namespace).address.test(address))
    throw new InvalidCaipAccountError(value, namespace === 'eip155' ? 'evmAddress' : 'address')
  return { namespace, reference, caipNetworkId, address }
}

/** Builds a CAIP-10 account from a CAIP-2 network id and an address. */
export function toCaipAccount(
  caipNetworkId: CaipNetworkId | string,
  address: string,
  options: CaipNamespaceOptions = {},
): string {
  parseCaipNetworkId(caipNetworkId, options)
  const account = `${caipNetworkId}:${address}`
  parseCaipAccount(account)
  return account
}
