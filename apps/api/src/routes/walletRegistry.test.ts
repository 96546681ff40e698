import {
  apiErrorSchema,
  type GetWalletsResponse,
  getWalletsResponseSchema,
} from '@latch/api-contract'
import { describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import type { Logger } from '../logger.ts'
import { loadWalletRegistry } from '../registry/loadWalletRegistry.ts'
import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const silent: Logger = { info() {}, warn() {}, error() {} }

function wallet(id: string, order: number, overrides: Partial<WalletRegistryEntry> = {}) {
  return {
    id,
    name: id.replace(
      /(^|-)(\w)/g,
      (_, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`,
    ),
    order,
    badge_type: 'none',
    rdns: null,
    chains: ['eip155:1'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: null,
    image_id: `${id}-v1`,
    color: '#336699',
    ...overrides,
  } satisfies WalletRegistryEntry
}

// Listed out of order on purpose: the API sorts by `order`.
const fixture: WalletRegistryEntry[] = [
  wallet('zeta', 50, { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
  wallet('alpha-one', 10, {
    badge_type: 'certified',
    rdns: 'io.alpha',
    chains: ['eip155:1', 'eip155:8453'],
    mobile_link: 'alpha://',
    homepage: 'https://alpha.example',
  }),
  wallet('beta', 20, { chains: ['eip155:10'] }),
  wallet('gamma-ledger', 30, { badge_type: 'certified', desktop_link: 'gamma://' }),
  wallet('delta', 40, { webapp_link: 'https://app.delta.example', color: '#EEEEEE' }),
]

function testApp(entries: readonly WalletRegistryEntry[] = fixture) {
  return createApp({
    networks: [],
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients: createChainClients([]),
    wallets: createMemoryWalletRegistryStore(entries),
    cache: createMemoryCacheStore(),
    logger: silent,
    // Image URLs come from the configured public URL, never from the request's host.
    publicUrl: 'https://public.example/',
  })
}

const app = testApp()

async function getWallets(query = '', init?: RequestInit): Promise<GetWalletsResponse> {
  const response = await app.request(
    `http://api.test/getWallets?projectId=${projectId}${query}`,
    init,
  )
  expect(response.status).toBe(200)
  return getWalletsResponseSchema.parse(await response.json())
}

const ids = (body: GetWalletsResponse) => body.data.map((listing) => listing.id)

async function errorOf(query: string) {
  const response = await app.request(`/getWallets?projectId=${projectId}${query}`)
  return { status: response.status, ...apiErrorSchema.parse(await response.json()).error }
}

describe('GET /getWallets', () => {
  test('lists every wallet by order, with absolute image URLs', async () => {
    const body = await getWallets()
    expect(body.count).toBe(5)
    expect(ids(body)).toEqual(['alpha-one', 'beta', 'gamma-ledger', 'delta', 'zeta'])
    expect(body.data[0]).toMatchInlineSnapshot(`
      {
        "badge_type": "certified",
        "chains": [
          "eip155:1",
          "eip155:8453",
        ],
        "desktop_link": null,
        "homepage": "https://alpha.example",
        "id": "alpha-one",
        "image_id": "alpha-one-v1",
        "image_url": "https://public.example/getWalletImage/alpha-one-v1?projectId=0123456789abcdef0123456789abcdef",
        "mobile_link": "alpha://",
        "name": "Alpha One",
        "rdns": "io.alpha",
        "webapp_link": null,
      }
    `)
  })

  test('include, exclude, badge_type and chains filter; count follows', async () => {
    expect(ids(await getWallets('&include=zeta,beta,unknown'))).toEqual(['beta', 'zeta'])
    expect(ids(await getWallets('&exclude=alpha-one,%20delta'))).toEqual([
      'beta',
      'gamma-ledger',
      'zeta',
    ])
    expect(ids(await getWallets('&include=beta,delta&exclude=delta'))).toEqual(['beta'])
    const certified = await getWallets('&badge_type=certified')
    expect({ count: certified.count, ids: ids(certified) }).toEqual({
      count: 2,
      ids: ['alpha-one', 'gamma-ledger'],
    })
    expect((await getWallets('&badge_type=none')).count).toBe(3)
    // Any of the chains matches.
    expect(ids(await getWallets('&chains=eip155:8453,eip155:10'))).toEqual(['alpha-one', 'beta'])
    expect(
      ids(await getWallets('&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&badge_type=none')),
    ).toEqual(['zeta'])
    expect(await getWallets('&chains=eip155:31337')).toEqual({ count: 0, data: [] })
  })

  test('search matches the name or the id, ignoring case and punctuation', async () => {
    expect(ids(await getWallets('&search=ALPHA'))).toEqual(['alpha-one'])
    expect(ids(await getWallets('&search=gamma-led'))).toEqual(['gamma-ledger'])
    expect(ids(await getWallets('&search=%20gamma%20ledger%20'))).toEqual(['gamma-ledger'])
    expect(ids(await getWallets('&search=ta'))).toEqual(['beta', 'delta', 'zeta'])
    expect((await getWallets('&search=nothing')).count).toBe(0)
    // Blank is no search.
    expect((await getWallets('&search=%20%20')).count).toBe(5)
  })

  test('pages through the filtered list', async () => {
    const first = await getWallets('&entries=2')
    expect({ count: first.count, ids: ids(first) }).toEqual({
      count: 5,
      ids: ['alpha-one', 'beta'],
    })
    expect(ids(await getWallets('&entries=2&page=2'))).toEqual(['gamma-ledger', 'delta'])
    expect(ids(await getWallets('&entries=2&page=3'))).toEqual(['zeta'])
    expect(await getWallets('&entries=2&page=4')).toEqual({ count: 5, data: [] })
    const filtered = await getWallets('&entries=1&page=2&badge_type=certified')
    expect({ count: filtered.count, ids: ids(filtered) }).toEqual({
      count: 2,
      ids: ['gamma-ledger'],
    })
  })

  test('pages are 40 wallets by default', async () => {
    const registry = await loadWalletRegistry()
    const real = testApp(registry)
    const response = await real.request(`/getWallets?projectId=${projectId}`)
    const body = getWalletsResponseSchema.parse(await response.json())
    expect(body.count).toBe(registry.length)
    expect(body.data).toHaveLength(Math.min(40, registry.length))
    expect(body.data[0]?.id).toBe('metamask')
    const search = await real.request(`/getWallets?projectId=${projectId}&search=ledger`)
    expect(ids(getWalletsResponseSchema.parse(await search.json()))).toEqual(['ledger-live'])
  })

  test('bad parameters are a 400 with a clear message', async () => {
    expect(await errorOf('&page=0')).toMatchInlineSnapshot(`
      {
        "code": "BAD_REQUEST",
        "message": "page must be a positive integer.",
        "status": 400,
      }
    `)
    expect((await errorOf('&page=abc')).message).toBe('page must be a positive integer.')
    expect(await errorOf('&entries=1000')).toMatchInlineSnapshot(`
      {
        "code": "BAD_REQUEST",
        "message": "entries must be an integer from 1 to 100.",
        "status": 400,
      }
    `)
    expect((await errorOf('&entries=0')).message).toBe('entries must be an integer from 1 to 100.')
    expect(await errorOf('&badge_type=x')).toMatchInlineSnapshot(`
      {
        "code": "BAD_REQUEST",
        "message": "badge_type must be one of "certified", "none".",
        "status": 400,
      }
    `)
    expect(await errorOf('&chains=foo')).toMatchInlineSnapshot(`
      {
        "code": "BAD_REQUEST",
        "message": "chains must be a comma-separated list of CAIP-2 ids like "eip155:1".",
        "status": 400,
      }
    `)
    expect((await errorOf('&include=Meta%20Mask')).message).toBe(
      'include must be a comma-separated list of wallet ids like "metamask".',
    )
    expect((await errorOf(`&search=${'x'.repeat(101)}`)).message).toBe(
      'search must be at most 100 characters.',
    )
  })

  test('needs a known projectId, from the query or the X-Project-Id header', async () => {
    expect(await (await app.request('/getWallets')).json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'A projectId is required.' },
    })
    const unknown = await app.request('/getWallets?projectId=nope')
    expect({ status: unknown.status, body: await unknown.json() }).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "UNAUTHORIZED",
            "message": "Unauthorized: invalid key",
          },
        },
        "status": 401,
      }
    `)
    const byHeader = await app.request('http://api.test/getWallets?entries=1', {
      headers: { 'X-Project-Id': projectId },
    })
    expect(byHeader.status).toBe(200)
    expect(byHeader.headers.get('vary')).toContain('X-Project-Id')
  })

  test('is cacheable for five minutes and answers 304 to a matching ETag', async () => {
    const url = `/getWallets?projectId=${projectId}&entries=2`
    const response = await app.request(url)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const tag = response.headers.get('etag')
    expect(tag).toMatch(/^"[0-9a-f]+"$/)

    const again = await app.request(url, { headers: { 'If-None-Match': tag ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=300')

    const otherPage = await app.request(`${url}&page=2`, {
      headers: { 'If-None-Match': tag ?? '' },
    })
    expect(otherPage.status).toBe(200)
    expect(otherPage.headers.get('etag')).not.toBe(tag)
  })

  test('allows the SDK headers from an allowed origin', async () => {
    const preflight = await app.request(`/getWallets?projectId=${projectId}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4170',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-sdk-type,x-sdk-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-sdk-version',
    )
    const refused = await app.request(`/getWallets?projectId=${projectId}`, {
      headers: { Origin: 'https://evil.example' },
    })
    expect(refused.status).toBe(403)
  })
})

describe('GET /getWalletImage/:id', () => {
  test('answers an SVG cached as immutable, with an ETag', async () => {
    const url = `/getWalletImage/alpha-one-v1?projectId=${projectId}`
    const response = await app.request(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const svg = await response.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain('fill="#336699"')
    expect(svg).toContain('>AO</text>')

    const tag = response.headers.get('etag') ?? ''
    expect(tag).not.toBe('')
    const again = await app.request(url, { headers: { 'If-None-Match': tag } })
    expect(again.status).toBe(304)
  })

  test('the image_url of a listing loads', async () => {
    const [listing] = (await getWallets('&include=delta')).data
    const response = await app.request(listing?.image_url ?? '')
    expect(response.status).toBe(200)
    // A light background gets dark letters.
    expect(await response.text()).toContain('fill="#111111"')
  })

  test('an unknown image is a 404 JSON error; the project id is checked', async () => {
    const response = await app.request(`/getWalletImage/nope-v1?projectId=${projectId}`)
    expect({ status: response.status, body: await response.json() }).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "NOT_FOUND",
            "message": "No wallet image "nope-v1".",
          },
        },
        "status": 404,
      }
    `)
    expect((await app.request('/getWalletImage/alpha-one-v1?projectId=nope')).status).toBe(401)
  })
})
