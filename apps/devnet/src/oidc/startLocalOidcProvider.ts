/// <reference path="./oidcProvider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type SocialProvider, socialProviderSchema } from '@latch/api-contract'
import type Provider from 'oidc-provider'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import { DevnetError } from '../errors.ts'
import { createSocialOidcProvider, openIdConnectProviders } from './createSocialOidcProvider.ts'
import { handleOidcInteraction } from './handleOidcInteraction.ts'
import { handleOidcUserEndpoint } from './handleOidcUserEndpoint.ts'
import { oidcUserEndpoints } from './oidcUserEndpoints.ts'
import {
  createOidcClientSecret,
  getOidcClientId,
  type OidcClientCredentials,
} from './readOrCreateOidcClients.ts'
import { getOidcLoginPageCsp } from './renderOidcLoginPage.ts'
import { sendOidcResponse } from './sendOidcResponse.ts'

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
        if (!res.headersSent) sendOidcResponse(res, 500, { text: 'Internal error.' })
        else res.destroy()
      })
    })

    async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      // A DNS-rebinding page reaches loopback under its own host name: refused.
      const check = checkBrowserRequest({ origin: undefined, host: req.headers.host })
      if (!check.allowed) {
        sendOidcResponse(res, 403, { text: check.message })
        return
      }
      const rawUrl = req.url ?? '/'
      const path = URL.parse(rawUrl, url)?.pathname ?? '/'
      const match = /^\/([a-z]+)(\/.*)?$/.exec(path)
      const name = socialProviderSchema.safeParse(match?.[1]).data
      const instance = name && instances.get(name)
      if (!name || !instance || !match) {
        const text = `Not found. The providers live at ${names.map((n) => `/${n}`).join(', ')}.`
        sendOidcResponse(res, 404, { text })
        return
      }
      const rest = match[2] ?? '/'
      const interaction = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/.exec(rest)
      if (interaction) {
        await handleOidcInteraction({
          name,
          provider: instance.provider,
          uid: interaction[1] as string,
          csp: loginPageCsp,
          req,
          res,
        })
        return
      }
      const userEndpoint = oidcUserEndpoints[name]
      if (userEndpoint && rest === userEndpoint.path) {
        await handleOidcUserEndpoint({
          name,
          provider: instance.provider,
          endpoint: userEndpoint,
          clientId: clients[name].clientId,
          req,
          res,
        })
        return
      }
      // oidc-provider reads its mount path from the original URL, as under Express.
      ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = rawUrl
      req.url = rawUrl.slice(name.length + 1) || '/'
      instance.handle(req, res)
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
