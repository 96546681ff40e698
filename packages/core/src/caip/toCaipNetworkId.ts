import { InvalidCaipNetworkIdError } from '../errors/caip.ts'

/** A CAIP-2 network id, `namespace:reference` (e.g. "eip155:31337"). */
export type CaipNetworkId = `${string}:${string}`

export type ToCaipNetworkIdParameters = {
  /** The chain namespace; default "eip155". */
  namespace?: string
  /** The chain reference: the numeric chain id for EVM chains. */
  reference: number | string
}

/** Builds a CAIP-2 network id; `toCaipNetworkId({ reference: 1 })` is "eip155:1". */
export function toCaipNetworkId(parameters: ToCaipNetworkIdParameters): CaipNetworkId {
  const namespace = parameters.namespace ?? 'eip155'
  const reference = String(parameters.reference)
  const id = `${namespace}:${reference}`
  if (!/^[-a-z0-9]{3,8}$/.test(namespace) || !/^[-_a-zA-Z0-9]{1,32}$/.test(reference))
    throw new InvalidCaipNetworkIdError(id)
  if (namespace === 'eip155' && !/^[1-9]\d*$/.test(reference))
    throw new InvalidCaipNetworkIdError(id)
  return id as CaipNetworkId
}

/** Splits a CAIP-2 network id into namespace and reference. */
export function parseCaipNetworkId(value: string): { namespace: string; reference: string } {
  const parts = value.split(':')
  const [namespace, reference] = parts
  if (parts.length !== 2 || !namespace || !reference) throw new InvalidCaipNetworkIdError(value)
  toCaipNetworkId({ namespace, reference })
  return { namespace, reference }
}
