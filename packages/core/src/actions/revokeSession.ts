import { revokeSessionMessage, revokeSessionResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError, type ProviderRequestError } from '../errors/connector.ts'
import type { SignatureDeclinedError } from '../errors/signature.ts'
import { RevokeSessionFailedError } from '../errors/signIn.ts'
import { getSignInAccount } from '../siwe/getSignInAccount.ts'
import { signPersonalMessage } from '../siwe/signPersonalMessage.ts'
import { requestApi } from '../utils/requestApi.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'
import { signMessage } from './signMessage.ts'

export type RevokeSessionParameters = {
  /** The session id (the API's `pci`). */
  id: string
  /** Whose session it is: a connected namespace; default the active one. */
  namespace?: LatchNamespace | undefined
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
 * Revokes one of the connected account's sessions: the wallet signs
 * `revokeSessionMessage(id)` (`personal_sign` for EVM; a Solana or Bitcoin wallet signs it as
 * it signed in) and the Latch API ends the session (`POST /v1/sessions/{account}/revoke`, the
 * address or the CAIP-10 account). Revoking the session this browser holds signs it out.
 */
export async function revokeSession(
  config: LatchConfig,
  parameters: RevokeSessionParameters,
): Promise<RevokeSessionReturnType> {
  const { activeNamespace } = config.getState()
  const namespace = parameters.namespace ?? activeNamespace ?? 'eip155'
  const account = getSignInAccount(config, namespace)
  if (!account) throw new ConnectorNotConnectedError()
  const message = revokeSessionMessage(parameters.id)
  const { signature } =
    namespace === 'eip155' && activeNamespace !== 'solana' && activeNamespace !== 'bip122'
      ? await signPersonalMessage(config, { message })
      : await signMessage(config, { message, namespace })
  await requestApi(config, {
    path: `/v1/sessions/${encodeURIComponent(account)}/revoke`,
    body: { pci: parameters.id, signature },
    schema: revokeSessionResponseSchema,
    toError: (failure) => new RevokeSessionFailedError({ ...failure, id: parameters.id }),
  })
  const current = config.storage.getSignInSession(account)?.id === parameters.id
  if (current) config.storage.removeSignInSession(account)
  return { current }
}
