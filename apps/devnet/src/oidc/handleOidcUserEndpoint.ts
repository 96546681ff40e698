/// <reference path="./oidcProvider.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SocialProvider } from '@latch/api-contract'
import type Provider from 'oidc-provider'
import { findOidcTestUser } from './oidcTestUsers.ts'
import type { OidcUserEndpoint } from './oidcUserEndpoints.ts'
import { sendOidcResponse } from './sendOidcResponse.ts'

export type HandleOidcUserEndpointParameters = {
  name: SocialProvider
  provider: Provider
  endpoint: OidcUserEndpoint
  /** The one client whose tokens this endpoint accepts. */
  clientId: string
  req: IncomingMessage
  res: ServerResponse
}

/**
 * An OAuth 2 provider's user endpoint (`GET /github/user`, ...): checks the bearer access token
 * with the provider (issued here, to our client, unexpired) and answers the person in that
 * provider's shape; anything else gets the provider's own 401.
 */
export async function handleOidcUserEndpoint(
  parameters: HandleOidcUserEndpointParameters,
): Promise<void> {
  const { name, provider, endpoint, clientId, req, res } = parameters
  if (req.method !== 'GET') {
    sendOidcResponse(res, 405, { json: { message: 'Method not allowed.' } }, { Allow: 'GET' })
    return
  }
  // GitHub also takes its older `token <value>` form.
  const value = /^(?:Bearer|token) ([A-Za-z0-9._~+/=-]{1,512})$/i.exec(
    req.headers.authorization ?? '',
  )?.[1]
  const token = value ? await provider.AccessToken.find(value).catch(() => undefined) : undefined
  const user = token && findOidcTestUser(name, token.accountId)
  if (!token || !user || token.clientId !== clientId || token.isSenderConstrained()) {
    sendOidcResponse(
      res,
      401,
      { json: endpoint.unauthorized },
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    )
    return
  }
  const scopes = new Set((token.scope ?? '').split(' ').filter(Boolean))
  sendOidcResponse(res, 200, { json: endpoint.body(user, token.accountId, scopes) })
}
