import { type ConnectReturnType, connect } from '../actions/connect.ts'
import type { GetAuthConnectorReturnType } from '../actions/getAuthConnector.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { isSocialSignInCurrent, updateSocialSignIn } from './updateSocialSignIn.ts'

export type SocialSignInOutcome =
  | ({ status: 'connected' } & ConnectReturnType)
  | { status: 'cancelled' }
  | { status: 'redirecting' }

/**
 * After the frame opened the session (`connectSocial` / `connectFarcaster` answered CONNECT):
 * the same `connect` as email's (the frame creates or recovers the wallet), then the social
 * username is kept (spec section 3). An attempt cancelled meanwhile ends the frame's session.
 */
export async function finishSocialSignIn(
  config: LatchConfig,
  connector: GetAuthConnectorReturnType,
  attempt: object,
  chainId: number | undefined,
): Promise<SocialSignInOutcome> {
  if (!isSocialSignInCurrent(config, attempt)) {
    await connector.disconnect().catch(() => {})
    return { status: 'cancelled' }
  }
  updateSocialSignIn(config, attempt, { status: 'connecting' })
  const result = await connect(config, { connectorId: connector.id, chainId })
  const username = connector.embedded.getUser()?.username
  if (username) config.storage.setSocialUsername(username)
  updateSocialSignIn(config, attempt, undefined)
  return { status: 'connected', ...result }
}

/** Records a failure on the attempt (shown on the Connect view), unless it was cancelled. */
export function failSocialSignIn(
  config: LatchConfig,
  attempt: object,
  error: unknown,
): SocialSignInOutcome {
  if (!isSocialSignInCurrent(config, attempt)) return { status: 'cancelled' }
  const reason = error instanceof Error ? error : new Error(String(error))
  // A connection abandoned by the person (the modal closed) is not a failure.
  if (reason.name === 'ConnectionCancelledError') {
    updateSocialSignIn(config, attempt, undefined)
    return { status: 'cancelled' }
  }
  updateSocialSignIn(config, attempt, { status: 'error', error: reason })
  throw reason
}
