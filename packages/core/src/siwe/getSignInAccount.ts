import type { LatchConfig } from '../createLatchConfig.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'

/**
 * Whose sign-in session it is, as the API's `/v1/sessions/{address}` names it and as this
 * browser keeps it: the address of an EVM account, the CAIP-10 account
 * (`solana:{ref}:{address}`, `bip122:{ref}:{address}`) of a Solana or Bitcoin one.
 */
export function toSignInAccount(connection: {
  namespace: LatchNamespace
  caipNetworkId: string
  address: string
}): string {
  return connection.namespace === 'eip155'
    ? connection.address
    : `${connection.caipNetworkId}:${connection.address}`
}

/**
 * The sign-in account (`toSignInAccount`) of a connected namespace (default the active one),
 * or undefined when it is not connected.
 */
export function getSignInAccount(
  config: LatchConfig,
  namespace?: LatchNamespace | undefined,
): string | undefined {
  const state = config.getState()
  const active = namespace ?? state.activeNamespace
  const connection = active ? state.namespaces[active] : undefined
  if (!active || !connection) return undefined
  return toSignInAccount({
    namespace: active,
    caipNetworkId: connection.caipNetworkId,
    address: connection.address,
  })
}
