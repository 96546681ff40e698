import type { DevnetChain } from '@latch/api-contract'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { checkBrowserRequest } from './checkBrowserRequest.ts'
import { FaucetRequestError } from './errors.ts'
import { type FundParameters, type FundResponse, fundRequestSchema } from './faucetSchema.ts'
import type { Mailbox } from './mailbox/createMailbox.ts'
import { mailboxPageCsp, renderMailboxPage } from './mailbox/renderMailboxPage.ts'
import { getLanternHue, renderLanternSvg } from './renderLanternSvg.ts'

export type CreateServicesAppParameters = {
  chains: readonly DevnetChain[]
  /** Hands out funds; `fund` bound to the running devnet in production, a fake in tests. */
  fund: (parameters: FundParameters) => Promise<FundResponse>
  log?: (line: string) => void
  /** Browser origins allowed besides loopback pages and extensions (`LATCH_DEVNET_ALLOWED_ORIGINS`). */
  allowedOrigins?: readonly string[]
  /** `Host` names allowed besides loopback (`LATCH_DEVNET_ALLOWED_HOSTS`). */
  allowedHosts?: readonly string[]
  /** The local mailbox the devnet's SMTP server fills; `/mailbox` lists it. */
  mailbox?: Mailbox
  /** The on-ramp sandbox (`createOnrampSandbox`), served under `/onramp`. */
  onramp?: Hono
  /** The ERC-7677 paymaster service (`createPaymasterService`), served under `/paymaster`. */
  paymaster?: Hono
}

const maxUint256 = 2n ** 256n - 1n

/**
 * The devnet's HTTP services: `POST /fund` (the faucet), `GET /nft/:chainId/:tokenId` (lantern
 * metadata) with its `/image.svg`, `GET /mailbox` (the local mail, as a page and as
 * `/mailbox/messages.json?to=`), `POST /paymaster/:chainId` (the ERC-7677 paymaster service)
 * and `GET /health`. A page on another site (by its `Origin`) or reached through a foreign name
 * (by its `Host`, DNS rebinding) gets 403, so it cannot drain the faucet; CORS is open to
 * everyone who passes that check.
 */
export function createServicesApp(parameters: CreateServicesAppParameters): Hono {
  const { chains, fund, log, allowedOrigins, allowedHosts, mailbox, onramp, paymaster } = parameters
  const app = new Hono()
  const fail = (code: string, message: string, status: ContentfulStatusCode) =>
    Response.json({ error: { code, message } }, { status })

  app.use(async (c, next) => {
    const checked = checkBrowserRequest({
      origin: c.req.header('origin'),
      host: c.req.header('host'),
      allowedOrigins,
      allowedHosts,
    })
    if (!checked.allowed) return fail(checked.code, checked.message, 403)
    await next()
  })
  app.use(cors())

  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.post('/fund', async (c) => {
    const body = await c.req.json().catch(() => undefined)
    if (body === undefined) return fail('BAD_REQUEST', 'Invalid JSON body.', 400)
    const parsed = fundRequestSchema.safeParse(body)
    if (!parsed.success) {
      return fail('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid request.', 400)
    }
    try {
      return c.json(await fund(parsed.data))
    } catch (error) {
      if (error instanceof FaucetRequestError) return fail('BAD_REQUEST', error.shortMessage, 400)
      throw error
    }
  })

  const findLantern = (chainIdParam: string, tokenIdParam: string) => {
    const chain = chains.find((known) => String(known.id) === chainIdParam)
    if (!chain) return { error: fail('NOT_FOUND', `Unknown chain id "${chainIdParam}".`, 404) }
    const tokenId = /^\d{1,78}$/.test(tokenIdParam) ? BigInt(tokenIdParam) : undefined
    if (tokenId === undefined || tokenId > maxUint256) {
      return { error: fail('BAD_REQUEST', `Invalid token id "${tokenIdParam}".`, 400) }
    }
    return { chain, tokenId }
  }

  app.get('/nft/:chainId/:tokenId', (c) => {
    const found = findLantern(c.req.param('chainId'), c.req.param('tokenId'))
    if (found.error) return found.error
    const { chain, tokenId } = found
    const origin = new URL(c.req.url).origin
    return c.json({
      name: `Lantern #${tokenId}`,
      description: `A lantern from ${chain.nft.name}, a test collection on ${chain.name}. It has no value.`,
      image: `${origin}/nft/${chain.id}/${tokenId}/image.svg`,
      attributes: [
        { trait_type: 'Hue', value: getLanternHue(tokenId) },
        { trait_type: 'Chain', value: chain.name },
      ],
    })
  })

  app.get('/nft/:chainId/:tokenId/image.svg', (c) => {
    const found = findLantern(c.req.param('chainId'), c.req.param('tokenId'))
    if (found.error) return found.error
    return c.body(renderLanternSvg(found.tokenId), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    })
  })

  if (mailbox) {
    const readFilter = (to: string | undefined) =>
      to === undefined || to.length <= 254 ? { to } : undefined
    app.get('/mailbox', (c) => {
      const filter = readFilter(c.req.query('to'))
      if (!filter) return fail('BAD_REQUEST', 'The "to" address is too long.', 400)
      return c.html(renderMailboxPage(mailbox.list(filter), filter.to), 200, {
        'content-security-policy': mailboxPageCsp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      })
    })
    app.get('/mailbox/messages.json', (c) => {
      const filter = readFilter(c.req.query('to'))
      if (!filter) return fail('BAD_REQUEST', 'The "to" address is too long.', 400)
      return c.json({ messages: mailbox.list(filter) }, 200, { 'cache-control': 'no-store' })
    })
  }

  if (onramp) app.route('/onramp', onramp)
  if (paymaster) app.route('/paymaster', paymaster)

  app.notFound(() => fail('NOT_FOUND', 'Not found.', 404))

  app.onError((error) => {
    const requestId = crypto.randomUUID()
    log?.(`services: request ${requestId} failed: ${error.stack ?? error.message}`)
    return fail('INTERNAL', `Internal error (request ${requestId}).`, 500)
  })

  return app
}
