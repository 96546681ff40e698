import { isIP } from 'node:net'
import {
  type OnrampOptionsResponse,
  type OnrampQuoteResponse,
  type OnrampUrlResponse,
  onrampQuoteBodySchema,
  onrampUrlBodySchema,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../appEnv.ts'
import { RequestBodyTooLargeError } from '../errors/request.ts'
import { rateLimitClientIp } from '../middleware/rateLimitClientIp.ts'
import { createOnrampUrl } from '../services/onramp/createOnrampUrl.ts'
import { getOnrampOptions } from '../services/onramp/getOnrampOptions.ts'
import { getOnrampQuotes } from '../services/onramp/getOnrampQuotes.ts'
import type { OnrampDeps } from '../services/onramp/onrampDeps.ts'
import { parseJsonBody } from './parseJsonBody.ts'

/** The on-ramp's bodies are a few hundred bytes; AppKit's quote body is the largest. */
const maxOnrampBodyBytes = 16 * 1024

/**
 * The on-ramp (spec section 7): `GET /onramp/options`, `POST /onramp/quote` and
 * `POST /generators/onrampurl`, mounted under `/v1`. The app's per-IP write limits count the
 * POSTs; each provider call is bounded by the providers' timeout.
 */
export function onrampRoute(deps: OnrampDeps & { trustProxyHops?: number | undefined }) {
  const limitBody = bodyLimit({
    maxSize: maxOnrampBodyBytes,
    onError: () => {
      throw new RequestBodyTooLargeError({ maxBytes: maxOnrampBodyBytes })
    },
  })
  return new Hono<AppEnv>()
    .get('/onramp/options', async (c) => {
      const options = await getOnrampOptions(deps, { signal: c.req.raw.signal })
      c.header('Cache-Control', 'private, max-age=60')
      return c.json(options satisfies OnrampOptionsResponse)
    })
    .post('/onramp/quote', limitBody, async (c) => {
      const body = parseJsonBody(onrampQuoteBodySchema, await c.req.text())
      const quote = await getOnrampQuotes(deps, {
        purchaseCurrency:
          typeof body.purchaseCurrency === 'string'
            ? body.purchaseCurrency
            : body.purchaseCurrency.symbol,
        paymentCurrency:
          typeof body.paymentCurrency === 'string' ? body.paymentCurrency : body.paymentCurrency.id,
        amount: body.amount,
        network: body.network,
        paymentMethod: body.paymentMethod,
        signal: c.req.raw.signal,
      })
      c.header('Cache-Control', 'no-store')
      return c.json(quote satisfies OnrampQuoteResponse)
    })
    .post('/generators/onrampurl', limitBody, async (c) => {
      const body = parseJsonBody(onrampUrlBodySchema, await c.req.text())
      const ip = rateLimitClientIp(c, deps.trustProxyHops ?? 0)
      const answer = await createOnrampUrl(deps, {
        ...body,
        clientIp: isIP(ip) !== 0 ? ip : undefined,
        signal: c.req.raw.signal,
      })
      c.header('Cache-Control', 'no-store')
      return c.json(answer satisfies OnrampUrlResponse)
    })
}
