import { apiErrorSchema, publicImageCacheControl } from '@latch/api-contract'
import { expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { loadListedImages } from '../services/images/loadListedImages.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const app = createApp({
  networks: [],
  projects: createMemoryProjectStore([]),
  clients: createChainClients([]),
  wallets: createMemoryWalletRegistryStore([]),
  cache: createMemoryCacheStore(),
  logger: createTestLogger().logger,
})

const svgOf = async (path: string) => {
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/svg+xml')
  expect(response.headers.get('cache-control')).toBe(publicImageCacheControl)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  return { text: await response.text(), etag: response.headers.get('etag') }
}

test('a listed network is drawn from the list, by CAIP-2 or bare id, without a project id', async () => {
  const listed = await svgOf('/public/getAssetImage/eip155:31337')
  expect(listed.text).toContain('aria-label="Latch Devnet"')
  expect(listed.text).toContain('#0E76FD')
  expect((await svgOf('/public/getAssetImage/31337')).text).toBe(listed.text)
  expect((await svgOf('/public/getAssetImage/eip155:1')).text).toContain('Ethereum')
})

test('a network the list lacks gets a generated image showing its chain id', async () => {
  const generated = await svgOf('/public/getAssetImage/eip155:424242')
  expect(generated.text).toContain('>424242</text>')
  expect(generated.text).not.toBe((await svgOf('/public/getAssetImage/eip155:424243')).text)
})

test('Solana and Bitcoin networks: the listed ones, else the coin on a colour of the id', async () => {
  const mainnet = await svgOf('/public/getAssetImage/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  expect(mainnet.text).toContain('aria-label="Solana"')
  expect(mainnet.text).toContain('>SOL</text>')
  // The devnet's own chains are not listed: generated, with the coin's symbol.
  const local = await svgOf('/public/getAssetImage/solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69')
  expect(local.text).toContain('>SOL</text>')
  expect(local.text).not.toBe(mainnet.text)
  expect(
    (await svgOf('/public/getAssetImage/bip122:000000000019d6689c085ae165831e93')).text,
  ).toContain('aria-label="Bitcoin"')
  expect(
    (await svgOf('/public/getAssetImage/bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).text,
  ).toContain('>BTC</text>')
  for (const bad of ['solana:short', 'bip122:NOTHEX', 'cosmos:cosmoshub-4']) {
    const response = await app.request(`/public/getAssetImage/${bad}`)
    expect(response.status, bad).toBe(400)
  }
})

test('currencies: listed symbols, any case; an unlisted ISO code is generated', async () => {
  expect((await svgOf('/public/getCurrencyImage/USD')).text).toContain('>$</text>')
  expect((await svgOf('/public/getCurrencyImage/eur')).text).toContain('>€</text>')
  const generated = await svgOf('/public/getCurrencyImage/SEK')
  expect(generated.text).toContain('>SEK</text>')
})

test('tokens by symbol: listed ones drawn, others generated; the chain/address form still works', async () => {
  expect((await svgOf('/public/getTokenImage/USDC')).text).toContain('USD Coin')
  expect((await svgOf('/public/getTokenImage/LANTERN')).text).toContain('>LA</text>')
  const byAddress = await app.request(
    '/public/getTokenImage/1/0x0000000000000000000000000000000000000000',
  )
  // No network 1 in this app: the two-segment route answers (with its own error), not this one.
  expect(byAddress.status).toBe(400)
})

test('an ETag lets the browser revalidate: 304 without a body', async () => {
  const { etag } = await svgOf('/public/getCurrencyImage/GBP')
  expect(etag).toBeTruthy()
  const again = await app.request('/public/getCurrencyImage/GBP', {
    headers: { 'if-none-match': etag ?? '' },
  })
  expect(again.status).toBe(304)
  expect(await again.text()).toBe('')
})

test('junk ids are 400s in JSON that say what an id looks like', async () => {
  const cases: [string, RegExp][] = [
    ['/public/getAssetImage/ethereum', /CAIP-2/],
    ['/public/getAssetImage/eip155:0', /CAIP-2/],
    ['/public/getAssetImage/%3Cscript%3E', /CAIP-2/],
    ['/public/getCurrencyImage/US', /three-letter currency code/],
    ['/public/getCurrencyImage/U%24D', /three-letter currency code/],
    ['/public/getTokenImage/AVERYLONGSYMBOL', /token symbol/],
    ['/public/getTokenImage/US%20DC', /token symbol/],
  ]
  for (const [path, message] of cases) {
    const response = await app.request(path)
    expect(response.status, path).toBe(400)
    expect(apiErrorSchema.parse(await response.json()).error.message).toMatch(message)
  }
})

test('every entry of the maintained list is valid and renders as a self-contained SVG', async () => {
  const images = loadListedImages()
  const paths = [
    ...Object.keys(images.networks).map((id) => `/public/getAssetImage/${id}`),
    ...Object.keys(images.currencies).map((id) => `/public/getCurrencyImage/${id}`),
    ...Object.keys(images.tokens).map((id) => `/public/getTokenImage/${id}`),
  ]
  expect(paths.length).toBeGreaterThan(20)
  for (const path of paths) {
    const { text } = await svgOf(path)
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    // Drawn by us: no external reference, no script.
    expect(text).not.toMatch(/<script|href=|<image/i)
  }
})
