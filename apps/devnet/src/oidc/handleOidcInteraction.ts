/// <reference path="./oidcProvider.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type SocialProvider, socialProviderNames } from '@latch/api-contract'
import type Provider from 'oidc-provider'
import { getOidcSubject, oidcTestUsers } from './oidcTestUsers.ts'
import { renderOidcErrorPage, renderOidcLoginPage } from './renderOidcLoginPage.ts'
import { sendOidcResponse } from './sendOidcResponse.ts'

export type HandleOidcInteractionParameters = {
  name: SocialProvider
  provider: Provider
  /** The interaction id from the path; it must be the one the browser's cookie names. */
  uid: string
  /** The login page's Content-Security-Policy (`getOidcLoginPageCsp`). */
  csp: string
  req: IncomingMessage
  res: ServerResponse
}

/** The largest login form body read, in bytes (it holds one button's name and value). */
const maxFormBytes = 1_024

/**
 * `GET /<provider>/interaction/<uid>` shows the login page; `POST` takes the choice: a test user
 * (signed in, and every scope the app asked for granted, in one step) or Deny (the app gets
 * `error=access_denied`). The interaction is the one oidc-provider bound to this browser's cookie.
 */
export async function handleOidcInteraction(
  parameters: HandleOidcInteractionParameters,
): Promise<void> {
  const { name, provider, uid, csp, req, res } = parameters
  const providerName = socialProviderNames[name]
  let details: Awaited<ReturnType<Provider['interactionDetails']>>
  try {
    details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('Another interaction.')
  } catch {
    const html = renderOidcErrorPage({ providerName, error: 'this sign-in request has expired' })
    sendOidcResponse(res, 400, { html, csp })
    return
  }
  if (req.method === 'GET') {
    const action = `/${name}/interaction/${uid}`
    const html = renderOidcLoginPage({ providerName, action, users: oidcTestUsers })
    sendOidcResponse(res, 200, { html, csp })
    return
  }
  if (req.method !== 'POST') {
    sendOidcResponse(res, 405, { text: 'Method not allowed.' }, { Allow: 'GET, POST' })
    return
  }
  const form = await readForm(req)
  if (!form) {
    sendOidcResponse(res, 400, { text: 'Expected a small form.' })
    return
  }
  if (form.get('action') === 'deny') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person denied the sign-in.' },
      { mergeWithLastSubmission: false },
    )
    return
  }
  const user = oidcTestUsers.find((candidate) => candidate.key === form.get('user'))
  const clientId = details.params.client_id
  if (!user || typeof clientId !== 'string') {
    sendOidcResponse(res, 400, { text: 'Choose one of the test users, or Deny.' })
    return
  }
  const accountId = getOidcSubject(name, user)
  const grant = new provider.Grant({ accountId, clientId })
  if (typeof details.params.scope === 'string') grant.addOIDCScope(details.params.scope)
  const grantId = await grant.save()
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  )
}

/** The login form's fields, or undefined when the body is not a small urlencoded form. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = req.headers['content-type'] ?? ''
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    req.resume()
    return undefined
  }
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (bytes > maxFormBytes) return undefined
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}
