/// <reference path="./oidcProvider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type SocialProvider, socialProviderNames, socialProviderSchema } from '@latch/api-contract'
import type Provider from 'oidc-provider'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import { DevnetError } from '../errors.ts'
import { createSocialOidcProvider, openIdConnectProviders } from './createSocialOidcProvider.ts'
import { findOidcTestUser, getOidcSubject, oidcTestUsers } from './oidcTestUsers.ts'
import { oidcUserEndpoints } from './oidcUserEndpoints.ts'
import {
  createOidcClientSecret,
  getOidcClientId,
  type OidcClientCredentials,
} from './readOrCreateOidcClients.ts'
import {
  getOidcLoginPageCsp,
  renderOidcErrorPage,
  renderOidcLoginPage,
} from './renderOidcLoginPage.ts'

export type StartLocalOidcProviderParameters = {
  /** 0 picks a free port (tests). It listens on 127.0.0.1 only. */
  port?: number
  /** Where the providers may send the browser back: the API's `/auth/v1/social/callback`. */
  redirectUris: readonly string[]
  /** The client secrets (`readOrCreateOidcClients`); a provider without one gets a random one. */
  clients?: Partial<Record<SocialProvider, OidcClientCredentials>>
  /** Errors the providers hit, one line each. */
  log?: (line: string) => void
}

/** What the API needs to use one local provider: the manifest's `oidc.providers[<provider>]`. */
export type LocalOidcProviderSettings = {
  issuer: string
  clientId: string
  clientSecret: string
  authorizationUrl: string
  tokenUrl: string
  /** Google and Apple: OpenID Connect userinfo; the others: their own user endpoint's shape. */
  userinfoUrl: string
}

export type StartLocalOidcProviderReturnType = {
  /** `http://127.0.0.1:<port>`; each provider lives at `<url>/<provider>`. */
  url: string
  port: number
  providers: Record<SocialProvider, LocalOidcProviderSettings>
  /** Stops listening and closes open connections. Safe to call twice. */
  stop: () => Promise<void>
}

/** The largest login form body read, in bytes (it holds one button's name and value). */
const maxFormBytes = 1_024

/**
 * The devnet's local OpenID provider: one issuer per social provider (Google, GitHub, Apple,
 * Facebook, X, Discord) at `http://127.0.0.1:<port>/<provider>`, each with one confidential
 * client for the API, so the API signs people in through the same OAuth 2 / OpenID Connect code
 * it uses with the real providers. The login page lists the test users and Deny; the OAuth 2
 * providers' user endpoints answer in their own shape.
 */
export async function startLocalOidcProvider(
  parameters: StartLocalOidcProviderParameters,
): Promise<StartLocalOidcProviderReturnType> {
  const log = parameters.log ?? (() => {})
  if (parameters.redirectUris.length === 0) {
    throw new DevnetError('The local OpenID provider needs at least one redirect URI.')
  }
  for (const uri of parameters.redirectUris) {
    const parsed = URL.parse(uri)
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.hash) {
      throw new DevnetError(`Invalid redirect URI "${uri}": expected an http(s) URL.`)
    }
  }
  const redirectOrigins = [...new Set(parameters.redirectUris.map((uri) => new URL(uri).origin))]
  const loginPageCsp = getOidcLoginPageCsp(redirectOrigins)
  const names = socialProviderSchema.options
  const clients = Object.fromEntries(
    names.map((name) => [
      name,
      parameters.clients?.[name] ?? {
        clientId: getOidcClientId(name),
        clientSecret: createOidcClientSecret(),
      },
    ]),
  ) as Record<SocialProvider, OidcClientCredentials>

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 })
  server.maxConnections = 200
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  try {
    const instances = new Map<
      SocialProvider,
      { provider: Provider; handle: ReturnType<Provider['callback']> }
    >()
    await Promise.all(
      names.map(async (name) => {
        const provider = await createSocialOidcProvider({
          provider: name,
          issuer: `${url}/${name}`,
          client: clients[name],
          redirectUris: parameters.redirectUris,
        })
        provider.on('server_error', (_ctx, error) =>
          log(`[oidc] ${name}: ${error instanceof Error ? error.message : String(error)}`),
        )
        instances.set(name, { provider, handle: provider.callback() })
      }),
    )

    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      handle(req, res).catch((error: unknown) => {
        log(`[oidc] ${error instanceof Error ? error.message : String(error)}`)
        if (!res.headersSent) sendText(res, 500, 'Internal error.')
        else res.destroy()
      })
    })

    async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      // A DNS-rebinding page reaches loopback under its own host name: refused.
      const check = checkBrowserRequest({ origin: undefined, host: req.headers.host })
      if (!check.allowed) {
        sendText(res, 403, check.message)
        return
      }
      const rawUrl = req.url ?? '/'
      const path = URL.parse(rawUrl, url)?.pathname ?? '/'
      const match = /^\/([a-z]+)(\/.*)?$/.exec(path)
      const name = socialProviderSchema.safeParse(match?.[1]).data
      const instance = name && instances.get(name)
      if (!name || !instance || !match) {
        sendText(
          res,
          404,
          'Not found. The providers live at /google, /github, /apple, /facebook, /x and /discord.',
        )
        return
      }
      const rest = match[2] ?? '/'
      const interaction = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/.exec(rest)
      if (interaction) {
        await handleInteraction(name, instance.provider, interaction[1] as string, req, res)
        return
      }
      const userEndpoint = oidcUserEndpoints[name]
      if (userEndpoint && rest === userEndpoint.path) {
        await handleUserEndpoint(name, instance.provider, req, res)
        return
      }
      // oidc-provider reads its mount path from the original URL, as under Express.
      ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = rawUrl
      req.url = rawUrl.slice(name.length + 1) || '/'
      instance.handle(req, res)
    }

    async function handleInteraction(
      name: SocialProvider,
      provider: Provider,
      uid: string,
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<void> {
      const providerName = socialProviderNames[name]
      let details: Awaited<ReturnType<Provider['interactionDetails']>>
      try {
        details = await provider.interactionDetails(req, res)
        if (details.uid !== uid) throw new Error('uid mismatch')
      } catch {
        sendPage(
          res,
          400,
          renderOidcErrorPage({ providerName, error: 'this sign-in request has expired' }),
          loginPageCsp,
        )
        return
      }
      if (req.method === 'GET') {
        sendPage(
          res,
          200,
          renderOidcLoginPage({
            providerName,
            action: `/${name}/interaction/${uid}`,
            users: oidcTestUsers,
          }),
          loginPageCsp,
        )
        return
      }
      if (req.method !== 'POST') {
        sendText(res, 405, 'Method not allowed.', { Allow: 'GET, POST' })
        return
      }
      const form = await readForm(req)
      if (!form) {
        sendText(res, 400, 'Expected a small form.')
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
        sendText(res, 400, 'Choose one of the test users, or Deny.')
        return
      }
      // Login and consent in one step: the grant covers every scope the app asked for.
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

    async function handleUserEndpoint(
      name: SocialProvider,
      provider: Provider,
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<void> {
      const endpoint = oidcUserEndpoints[name]
      if (!endpoint) return
      if (req.method !== 'GET') {
        sendJson(res, 405, { message: 'Method not allowed.' }, { Allow: 'GET' })
        return
      }
      const unauthorized = () =>
        sendJson(res, 401, endpoint.unauthorized, {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        })
      // GitHub also takes its older `token <value>` form.
      const value = /^(?:Bearer|token) ([A-Za-z0-9._~+/=-]{1,512})$/i.exec(
        req.headers.authorization ?? '',
      )?.[1]
      if (!value) return unauthorized()
      const token = await provider.AccessToken.find(value).catch(() => undefined)
      const user = token && findOidcTestUser(name, token.accountId)
      if (
        !token ||
        !user ||
        token.clientId !== clients[name].clientId ||
        token.isSenderConstrained()
      ) {
        return unauthorized()
      }
      const scopes = new Set((token.scope ?? '').split(' ').filter(Boolean))
      sendJson(res, 200, endpoint.body(user, token.accountId, scopes))
    }
  } catch (error) {
    await stop()
    throw error
  }

  const providers = {} as Record<SocialProvider, LocalOidcProviderSettings>
  for (const name of names) {
    const issuer = `${url}/${name}`
    const endpoint = oidcUserEndpoints[name]
    providers[name] = {
      issuer,
      clientId: clients[name].clientId,
      clientSecret: clients[name].clientSecret,
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl:
        openIdConnectProviders.has(name) || !endpoint
          ? `${issuer}/me`
          : `${issuer}${endpoint.path}`,
    }
  }
  return { url, port, providers, stop }
}

function securityHeaders(): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  }
}

function sendPage(res: ServerResponse, status: number, html: string, csp: string): void {
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
  })
  res.end(html)
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...securityHeaders(),
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
  })
  res.end(text)
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...securityHeaders(),
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
  })
  res.end(JSON.stringify(body))
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
