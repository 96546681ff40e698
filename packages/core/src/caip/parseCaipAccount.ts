import { InvalidCaipAccountError } from '../errors/caip.ts'
import { type CaipNetworkId, toCaipNetworkId } from './toCaipNetworkId.ts'

/** A parsed CAIP-10 account (`namespace:reference:address`). */
export type CaipAccount = {
  namespace: string
  reference: string
  caipNetworkId: CaipNetworkId
  address: string
}

/**
 * Parses a CAIP-10 account such as "eip155:1:0xab...". Throws `InvalidCaipAccountError` with the
 * spec's wording when it has not 3 parts, or when an eip155 address is not 40 hex characters.
 */
export function parseCaipAccount(value: string): CaipAccount {
  const parts = value.split(':')
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !namespace || !reference || !address)
    throw new InvalidCaipAccountError(value, 'parts')
  const caipNetworkId = toCaipNetworkId({ namespace, reference })
  if (namespace === 'eip155' && !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new InvalidCaipAccountError(value, 'evmAddress')
  return { namespace, reference, caipNetworkId, address }
}

/** Builds a CAIP-10 account from a CAIP-2 network id and an address. */
export function toCaipAccount(caipNetworkId: CaipNetworkId, address: string): string {
  const account = `${caipNetworkId}:${address}`
  parseCaipAccount(account)
  return account
}
