import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type LatchWebConfig, parseDevnetWalletConfig } from '@latch/core'
import { Hono } from 'hono'

export type CreateWebAppParameters = {
  /** The Vite build output (index.html + assets/). */
  distDir: string
  config: LatchWebConfig
  /** Send the Content-Security-Policy header (default true). */
  csp?: boolean | undefined
}

/** `window.__LATCH_CONFIG__ = {...}` with `<` escaped so the JSON cannot close a script tag. */
export function renderConfigScript(config: LatchWebConfig): string {
  // The page's `networks` lists every namespace's networks (each with its `namespace`);
  // `parseLatchWebConfig` splits them again.
  const { caipNetworks, ...rest } = config
  const json = JSON.stringify(caipNetworks ? { ...rest, networks: caipNetworks } : config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '')
  return `window.__LATCH_CONFIG__ = ${json};\n`
}

const origin = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The page may talk to its own origin, the API (whose JSON-RPC endpoint is every network's
 * RPC) and the relay only, and frame the auth site (the embedded wallet) only, so a dependency that tries another host fails loudly instead of
 * leaking. No node URL appears: in the devnet profile only, the Devnet Wallet's own anvil
 * nodes are added, since it plays a wallet and a wallet owns its node.
 */
export function contentSecurityPolicy(config: LatchWebConfig): string {
  const devnetWallet =
    config.devnetWallet && parseDevnetWalletConfig(config.devnetWallet, config.networks)
  const hosts = new Set(
    [
      config.apiUrl,
      config.relayUrl,
      ...Object.values(devnetWallet?.rpcUrls ?? {}),
      // The Devnet Bitcoin wallet's Esplora (Solana, the devnet's included, goes through the
      // API's relay, already allowed above).
      devnetWallet?.bitcoin?.esploraUrl,
    ]
      .map((url) => url && origin(url))
      .filter((value): value is string => Boolean(value) && value !== 'null'),
  )
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Wallet images come from the API's registry (/getWalletImage).
    `img-src 'self' data: ${origin(config.apiUrl) ?? ''}`.trim(),
    `connect-src 'self' ${[...hosts].join(' ')}`.trim(),
    // The embedded wallet's frame (email sign-in) on the auth site's origin, nothing else.
    `frame-src ${(config.authUrl && origin(config.authUrl)) || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The production web server as a Request -> Response app: the built files, `/latch-config.js`
 * generated from the runtime config (never cached), hashed assets cached for a year, and
 * index.html for any other path.
 */
export function createWebApp(parameters: CreateWebAppParameters): Hono {
  const { distDir, config } = parameters
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath))
    throw new Error(
      `The web app is not built (no ${indexPath}): run \`npm run build -w @latch/web\`.`,
    )
  const indexHtml = readFileSync(indexPath, 'utf8')
  const configScript = renderConfigScript(config)
  const csp = contentSecurityPolicy(config)

  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    c.header('x-content-type-options', 'nosniff')
    c.header('referrer-policy', 'no-referrer')
    if (parameters.csp !== false) c.header('content-security-policy', csp)
    // Hashed file names change with their content; everything else is revalidated.
    if (!c.res.headers.has('cache-control'))
      c.header(
        'cache-control',
        c.req.path.startsWith('/assets/') && c.res.status === 200
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      )
  })
  app.get('/latch-config.js', (c) =>
    c.body(configScript, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
    }),
  )
  app.use('/assets/*', serveStatic({ root: distDir }))
  app.get('/assets/*', (c) => c.text('Not found.', 404))
  app.use('*', serveStatic({ root: distDir }))
  app.get('*', (c) => c.html(indexHtml))
  return app
}
