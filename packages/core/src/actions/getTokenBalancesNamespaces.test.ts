import { createBitcoinTestWallet, createWalletStandardTestPage } from '@latch/test'
import { getWallets } from '@wallet-standard/app'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import type { FetchLike } from '../types.ts'
import { connect } from './connect.ts'
import { getHistory } from './getHistory.ts'
import { getPortfolio } from './getPortfolio.ts'
import { getTokenBalances } from './getTokenBalances.ts'
import { watchWalletStandard } from './watchWalletStandard.ts'

const page = createWalletStandardTestPage({ getWallets })
const { evm, solana, regtest } = page.networks
const solOwner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

/** The API's answer for a Solana or Bitcoin account, in the shape its balance route gives. */
const entry = (chainId: string, symbol: string, numeric: string, extra: object = {}) => ({
  name: symbol,
  symbol,
  chainId,
  price: 0,
  quantity: { decimals: symbol === 'BTC' ? '8' : symbol === 'SOL' ? '9' : '6', numeric },
  iconUrl: '',
  ...extra,
})

/** A fake API that answers `balances[address]` and records the URLs asked. */
function fakeApi(balances: Record<string, unknown[]>) {
  const urls: URL[] = []
  const fetch: FetchLike = async (url) => {
    const parsed = new URL(url)
    urls.push(parsed)
    const address = decodeURIComponent(parsed.pathname.split('/')[3] ?? '')
    const body = parsed.pathname.endsWith('/history')
      ? { data: [], next: null }
      : { balances: balances[address] ?? [] }
    return { ok: true, status: 200, json: async () => body }
  }
  return { fetch, urls }
}

const configWith = (fetch: FetchLike) =>
  createLatchConfig({
    networks: [evm, solana, regtest],
    apiUrl: 'http://api.test',
    projectId: 'p',
    fetch,
    storage: createTestStorage(),
  })

beforeAll(() => page.open())
afterEach(() => page.unregisterAll())

describe('balances and activity of Solana and Bitcoin networks', () => {
  it('reads SOL and SPL tokens with the Solana CAIP-2 id, valued and sorted', async () => {
    const api = fakeApi({
      [solOwner]: [
        entry(solana.caipNetworkId, 'SOL', '99.5', { price: 100, value: 9950 }),
        entry(solana.caipNetworkId, 'LUSD', '1000', {
          address: `${solana.caipNetworkId}:${mint}`,
          price: 1,
          value: 1000,
        }),
      ],
    })
    const config = configWith(api.fetch)
    const result = await getPortfolio(config, {
      address: solOwner,
      caipNetworkId: solana.caipNetworkId,
      currency: 'usd',
    })
    expect(api.urls.map((url) => [url.pathname, url.searchParams.get('chainId')])).toEqual([
      [`/v1/account/${solOwner}/balance`, solana.caipNetworkId],
    ])
    expect(result.source).toBe('api')
    expect(result.tokens.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['SOL', '99.5'],
      ['LUSD', '1000'],
    ])
    expect(result.native.symbol).toBe('SOL')
    expect(result.total).toBe(10_950)
    expect(result.byAddress).toBeUndefined()
  })

  it('an account with nothing yet reads as 0 SOL', async () => {
    const config = configWith(fakeApi({}).fetch)
    const result = await getTokenBalances(config, {
      address: solOwner,
      caipNetworkId: solana.caipNetworkId,
    })
    expect(result.native).toMatchObject({ symbol: 'SOL', quantity: { numeric: '0' } })
    expect(result.total).toBeUndefined()
  })

  it("adds up the connected Bitcoin wallet's payment and ordinals addresses", async () => {
    const xverse = createBitcoinTestWallet({ name: 'Xverse', chains: ['bitcoin:regtest'] })
    page.register(xverse.wallet)
    const api = fakeApi({
      [xverse.payment]: [entry(regtest.caipNetworkId, 'BTC', '10.00000001')],
      [xverse.ordinals]: [entry(regtest.caipNetworkId, 'BTC', '0.99999999')],
    })
    const config = configWith(api.fetch)
    await watchWalletStandard(config)
    await connect(config, { connectorId: 'walletStandard.bip122.Xverse', namespace: 'bip122' })
    const result = await getPortfolio(config, {
      address: xverse.payment,
      caipNetworkId: regtest.caipNetworkId,
    })
    expect(api.urls.map((url) => url.searchParams.get('chainId'))).toEqual([
      regtest.caipNetworkId,
      regtest.caipNetworkId,
    ])
    expect(result.tokens).toHaveLength(1)
    expect(result.native).toMatchObject({ symbol: 'BTC', quantity: { numeric: '11' } })
    expect(result.byAddress).toEqual([
      { address: xverse.payment, purpose: 'payment', numeric: '10.00000001' },
      { address: xverse.ordinals, purpose: 'ordinals', numeric: '0.99999999' },
    ])
    // Another Bitcoin address (not the wallet's) is read alone.
    const other = await getTokenBalances(config, {
      address: 'bcrt1qstranger',
      caipNetworkId: regtest.caipNetworkId,
    })
    expect(other.native.quantity.numeric).toBe('0')
    expect(other.byAddress).toEqual([{ address: 'bcrt1qstranger', numeric: '0' }])
  })

  it('a network the app does not list is refused before any request', async () => {
    const api = fakeApi({})
    const config = configWith(api.fetch)
    await expect(
      getTokenBalances(config, { address: solOwner, caipNetworkId: 'solana:unknown' }),
    ).rejects.toThrow('Chain "solana:unknown" is not configured.')
    await expect(getTokenBalances(config, { address: solOwner, chainId: 1 })).rejects.toThrow(
      'Chain "1" is not configured.',
    )
    expect(api.urls).toEqual([])
  })

  it('asks for Solana activity with the CAIP-2 id', async () => {
    const api = fakeApi({})
    const config = configWith(api.fetch)
    await getHistory(config, { address: solOwner, caipNetworkId: solana.caipNetworkId })
    expect(api.urls[0]?.pathname).toBe(`/v1/account/${solOwner}/history`)
    expect(api.urls[0]?.searchParams.get('chainId')).toBe(solana.caipNetworkId)
  })

  it('an EVM wallet connected beside does not make Solana balances ask it for assets', async () => {
    const evmWallet = createFakeConnector('evm-wallet')
    const api = fakeApi({ [solOwner]: [entry(solana.caipNetworkId, 'SOL', '1')] })
    const config = createLatchConfig({
      networks: [evm, solana],
      apiUrl: 'http://api.test',
      projectId: 'p',
      fetch: api.fetch,
      connectors: [evmWallet.connector],
      storage: createTestStorage(),
    })
    const connecting = connect(config, { connectorId: 'evm-wallet' })
    evmWallet.approve()
    await connecting
    const result = await getPortfolio(config, {
      address: solOwner,
      caipNetworkId: solana.caipNetworkId,
    })
    expect(result).toMatchObject({ source: 'api', native: { quantity: { numeric: '1' } } })
  })
})
