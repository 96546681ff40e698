import { describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const alpha = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707'
const silent: Logger = { info() {}, warn() {}, error() {} }
const network: ApiNetwork = {
  id: 31337,
  name: 'Test',
  rpcUrl: 'http://127.0.0.1:9',
  publicRpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  nativePriceUsd: 0,
  testnet: true,
  tokens: [{ address: alpha, name: 'Alpha Token', symbol: 'ALPHA', decimals: 18, priceUsd: 0 }],
}
const app = createApp({
  networks: [network],
  projects: createMemoryProjectStore([]),
  clients: new Map(),
  wallets: createMemoryWalletRegistryStore([]),
  cache: createMemoryCacheStore(),
  logger: silent,
})

async function json(pending: Response | Promise<Response>) {
  const response = await pending
  return { status: response.status, body: await response.json() }
}

describe('GET /public/getTokenImage/:chainId/:address', () => {
  test('draws a listed token as an SVG cached for a day, with no project id', async () => {
    const response = await app.request(`/public/getTokenImage/31337/${alpha}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toBeTruthy()
    const svg = await response.text()
    expect(svg).toContain('aria-label="ALPHA"')
    expect(svg).toContain('>AL</text>')
    // A CAIP-2 chain id and a lower-case address name the same image.
    const again = await app.request(`/public/getTokenImage/eip155:31337/${alpha.toLowerCase()}`)
    expect(await again.text()).toBe(svg)
  })

  test('the native coin and unlisted tokens get an icon too', async () => {
    const native = await app.request(
      '/public/getTokenImage/31337/0x0000000000000000000000000000000000000000',
    )
    expect(await native.text()).toContain('aria-label="ETH"')
    const unlisted = await app.request(
      '/public/getTokenImage/31337/0x00000000000000000000000000000000000000a1',
    )
    expect(await unlisted.text()).toContain('>?</text>')
  })

  test('bad input is a 400 naming it', async () => {
    expect(await json(app.request(`/public/getTokenImage/abc/${alpha}`))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "chainId must be a positive integer or a CAIP-2 id like "eip155:31337".",
          },
        },
        "status": 400,
      }
    `)
    expect(await json(app.request('/public/getTokenImage/31337/0xnope'))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Invalid address "0xnope".",
          },
        },
        "status": 400,
      }
    `)
    expect(await json(app.request(`/public/getTokenImage/1/${alpha}`))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Chain eip155:1 is not supported.",
          },
        },
        "status": 400,
      }
    `)
  })
})
