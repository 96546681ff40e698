import { getSiweNonce } from '../actions/getSiweNonce.ts'
import type { ConnectorSignInRequest } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { getSignInStatement, signInExpiryMs } from './getSignInStatement.ts'

export type CreateConnectSignInParameters = {
  /** The page's host (`location.host`). */
  domain: string
  /** The page's origin (`location.origin`). */
  uri: string
  /** Default the current time. */
  now?: Date | undefined
}

/**
 * What a wallet signs in with while connecting: the fields of the message
 * `createSignInMessage` writes (the page's host and origin, "Sign in to {appName}.", a nonce
 * from the API, expiry 24 h on); the wallet adds its address, chain and the issue time.
 */
export async function createConnectSignIn(
  config: LatchConfig,
  parameters: CreateConnectSignInParameters,
): Promise<ConnectorSignInRequest> {
  const nonce = await getSiweNonce(config)
  const now = parameters.now ?? new Date()
  return {
    domain: parameters.domain,
    uri: parameters.uri,
    nonce,
    statement: getSignInStatement(config.options.appName),
    expirationTime: new Date(now.getTime() + signInExpiryMs),
  }
}
