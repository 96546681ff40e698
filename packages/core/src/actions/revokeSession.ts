import { revokeSessionMessage, revokeSessionResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError, type ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { RevokeSessionFailedError } from '../errors/signIn.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import { requestApi } from '../utils/requestApi.ts'

export type RevokeSessionParameters = {
  /** The session id (the API's `pci`). */
  id: string
}

export type RevokeSessionReturnType = {
  /** The revoked session was the one this browser is signed in with (now signed out). */
  current: boolean
}

export type RevokeSessionErrorType =
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError
  | RevokeSessionFailedError

/**
 * Revokes one of the connected address's sessions: the wallet signs
 * `revokeSessionMessage(id)` and the Latch API ends the session
 * (`POST /v1/sessions/{address}/revoke`). Revoking the session this browser holds signs it out.
 */
export async function revokeSession(
  config: LatchConfig,
  parameters: RevokeSessionParameters,
): Promise<RevokeSessionReturnType> {
  const { address } = config.getState()
  if (!address) throw new ConnectorNotConnectedError()
  const { signature } = await signPersonalMessage(config, {
    message: revokeSessionMessage(parameters.id),
  })
  await requestApi(config, {
    path: `/v1/sessions/${encodeURIComponent(address)}/revoke`,
    body: { pci: parameters.id, signature },
    schema: revokeSessionResponseSchema,
    toError: (failure) => new RevokeSessionFailedError({ ...failure, id: parameters.id }),
  })
  const current = config.storage.getSignInSession(address)?.id === parameters.id
  if (current) config.storage.removeSignInSession(address)
  return { current }
}
