import { createHmac, generateKeyPairSync, type KeyObject, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How a fake provider answers: normally, or one of the ways a real one fails. */
export type FakeProviderMode = 'ok' | 'error' | 'bad-json' | 'wrong-shape' | 'hang'

export type FakeOnrampProviders = {
  coinbase: { apiUrl: string; apiKey: string; secret: string; mode: FakeProviderMode }
  moonpay: { apiUrl: string; apiKey: string; secret: string; mode: FakeProviderMode }
  /** Every request the fakes received: method, path and query, JSON body. */
  requests: { provider: string; method: string; path: string; body: unknown }[]
  stop(): Promise<void>
}

/**
 * Two small local HTTP servers speaking Coinbase Onramp's and MoonPay's documented APIs (a
 * devnet chain 31337's ETH at 3,000 USD, fees 1% and 2%), for the adapters' tests. Coinbase's
 * checks the CDP JWT (signature, key, `uri`), MoonPay's the `apiKey`. `mode` makes one fail.
 */
export async function startFakeOnrampProviders(): Promise<FakeOnrampProviders> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  const requests: FakeOnrampProviders['requests'] = []
  const hanging = new Set<ServerResponse>()
  const state = {
    coinbase: {
      apiUrl: '',
      apiKey: 'organizations/test/apiKeys/fake',
      secret: Buffer.concat([seed, raw]).toString('base64'),
      mode: 'ok' as FakeProviderMode,
    },
    moonpay: {
      apiUrl: '',
      apiKey: 'pk_test_fake',
      secret: 'sk_test_fake',
      mode: 'ok' as FakeProviderMode,
    },
  }

  const answer = (
    response: ServerResponse,
    mode: FakeProviderMode,
    json: unknown,
    wrong: unknown = { unexpected: true },
  ) => {
    if (mode === 'hang') {
      hanging.add(response)
      return
    }
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    if (mode === 'bad-json') response.end('{"paymentCurrencies": [')
    else response.end(JSON.stringify(mode === 'wrong-shape' ? wrong : json))
  }

  const coinbase = await listen(async (request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push({
      provider: 'coinbase',
      method: request.method ?? '',
      path: url.pathname + url.search,
      body,
    })
    const refused = checkJwt(request, publicKey, state.coinbase.apiKey, url.pathname)
    if (refused) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errorMessage: refused }))
      return
    }
    const mode = state.coinbase.mode
    if (url.pathname === '/onramp/v1/buy/options')
      return answer(response, mode, {
        paymentCurrencies: [
          {
            id: 'USD',
            limits: [
              { id: 'CARD', min: '5', max: '7500' },
              { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
            ],
          },
        ],
        purchaseCurrencies: [
          {
            id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
            name: 'Ethereum',
            symbol: 'ETH',
            networks: [
              {
                name: 'latch-devnet',
                displayName: 'Latch Devnet',
                chainId: '31337',
                contractAddress: '',
              },
            ],
          },
        ],
      })
    if (url.pathname === '/onramp/v1/buy/quote') {
      const amount = Number((body as { paymentAmount?: string })?.paymentAmount ?? 0)
      const fee = Math.round(amount) / 100
      return answer(response, mode, {
        paymentTotal: { value: amount.toFixed(2), currency: 'USD' },
        paymentSubtotal: { value: (amount - fee - 0.5).toFixed(2), currency: 'USD' },
        purchaseAmount: { value: ((amount - fee - 0.5) / 3000).toFixed(8), currency: 'ETH' },
        coinbaseFee: { value: fee.toFixed(2), currency: 'USD' },
        networkFee: { value: '0.50', currency: 'USD' },
        quoteId: 'quote-coinbase-1',
      })
    }
    if (url.pathname === '/onramp/v1/token')
      return answer(response, mode, { token: 'session-token-1', channel_id: '' })
    response.writeHead(404).end()
  })
  const moonpay = await listen(async (request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push({
      provider: 'moonpay',
      method: request.method ?? '',
      path: url.pathname + url.search,
      body,
    })
    if (url.searchParams.get('apiKey') !== state.moonpay.apiKey) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"message":"Invalid apiKey"}')
      return
    }
    const mode = state.moonpay.mode
    if (url.pathname === '/v3/currencies')
      return answer(response, mode, [
        {
          id: 'f1',
          type: 'fiat',
          code: 'usd',
          name: 'US Dollar',
          minBuyAmount: 20,
          maxBuyAmount: 10000,
        },
        {
          id: 'f2',
          type: 'fiat',
          code: 'eur',
          name: 'Euro',
          minBuyAmount: 20,
          maxBuyAmount: 10000,
        },
        {
          id: 'c1',
          type: 'crypto',
          code: 'eth_latch_devnet',
          name: 'Ethereum',
          minBuyAmount: null,
          maxBuyAmount: null,
          metadata: { contractAddress: null, chainId: '31337', networkCode: 'latch_devnet' },
        },
      ])
    if (url.pathname === '/v3/currencies/eth_latch_devnet/buy_quote') {
      const total = Number(url.searchParams.get('baseCurrencyAmount'))
      const fee = Math.round(total * 2) / 100
      return answer(response, mode, {
        baseCurrencyAmount: total - fee,
        quoteCurrencyAmount: Number(((total - fee) / 3000).toFixed(8)),
        feeAmount: fee,
        extraFeeAmount: 0,
        networkFeeAmount: 0,
        totalAmount: total,
      })
    }
    response.writeHead(404).end()
  })
  state.coinbase.apiUrl = `${coinbase.url}/onramp`
  state.moonpay.apiUrl = moonpay.url
  return {
    ...state,
    requests,
    async stop() {
      for (const response of hanging) response.destroy()
      await Promise.all([coinbase.close(), moonpay.close()])
    },
  }
}

/** The reason a CDP JWT is refused, or undefined. */
function checkJwt(request: IncomingMessage, publicKey: KeyObject, keyName: string, path: string) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
  const [head = '', body = '', signature = ''] = token.split('.')
  if (!verify(null, Buffer.from(`${head}.${body}`), publicKey, Buffer.from(signature, 'base64url')))
    return 'bad signature'
  const header = JSON.parse(Buffer.from(head, 'base64url').toString())
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
  if (header.kid !== keyName || claims.sub !== keyName || claims.iss !== 'cdp') return 'bad key'
  if (claims.uri !== `${request.method} ${request.headers.host}${path}`) return 'bad uri'
  return undefined
}

async function listen(
  handle: (
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
  ) => Promise<void> | void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString()
      let body: unknown
      try {
        body = text ? JSON.parse(text) : undefined
      } catch {
        body = text
      }
      void handle(request, response, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** MoonPay's signature of a widget URL, as MoonPay computes it (for assertions). */
export function moonpaySignatureOf(url: URL, secret: string): string {
  const unsigned = new URL(url)
  unsigned.searchParams.delete('signature')
  return createHmac('sha256', secret).update(unsigned.search).digest('base64')
}
