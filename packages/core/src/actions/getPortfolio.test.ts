import {
  anvilAccounts,
  createTestWallet,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from '@latch/test'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { announced } from '../connectors/announced.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import type { FetchLike } from '../types.ts'
import { connect } from './connect.ts'
import { getPortfolio } from './getPortfolio.ts'
import { getWalletAssets } from './getWalletAssets.ts'

let anvil: StartTestAnvilReturnType
beforeAll(async () => {
  anvil = await startTestAnvil()
})
afterAll(() => anvil?.stop())

const account = anvilAccounts[1] as (typeof anvilAccounts)[number]

/** The API: prices ETH at 2000; the balance route answers one ETH. */
function fakeApi() {
  const paths: string[] = []
  const fetch: FetchLike = async (url, init) => {
    const { pathname } = new URL(url)
    paths.push(pathname)
    const body =
      pathname === '/v1/fungible/price'
        ? {
            fungibles: (JSON.parse(init?.body ?? '{}').addresses as string[]).map((address) => ({
              name: 'Ether',
              symbol: 'ETH',
              iconUrl: '',
              price: 2000,
              decimals: 18,
              address,
            })),
          }
        : {
            balances: [
              {
                name: 'Ether',
                symbol: 'ETH',
                chainId: 'eip155:31337',
                address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
                price: 2000,
                value: 2000,
                quantity: { decimals: '18', numeric: '1' },
                iconUrl: '',
              },
            ],
          }
    return { ok: true, status: 200, json: async () => body }
  }
  return { fetch, paths }
}

async function connected(eip5792: boolean) {
  const wallet = createTestWallet({
    chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
    privateKey: account.privateKey,
    eip5792,
  })
  const connector = announced({
    info: { uuid: 'w', name: 'Test Wallet', icon: '', rdns: 'dev.latch.test' },
    provider: wallet,
  })
  const api = fakeApi()
  const config = createLatchConfig({
    networks: [{ ...testNetwork, rpcUrl: anvil.rpcUrl }],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
    fetch: api.fetch,
  })
  await connect(config, { connectorId: connector.id })
  return { config, api, wallet }
}

describe('getPortfolio and getWalletAssets (EIP-7811)', () => {
  it('a wallet that lists its assets is asked first; the API prices them', async () => {
    const { config, api, wallet } = await connected(true)
    const balance = BigInt((await anvil.rpc('eth_getBalance', [account.address, 'latest'])) as Hex)
    const portfolio = await getPortfolio(config, { address: account.address, chainId: 31337 })
    expect(portfolio.source).toBe('wallet')
    expect(portfolio.native).toMatchObject({
      symbol: 'ETH',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      price: 2000,
      quantity: { decimals: '18' },
    })
    expect(BigInt(portfolio.native.quantity.numeric.split('.')[0] ?? '0')).toBe(
      balance / 10n ** 18n,
    )
    expect(api.paths).toEqual(['/v1/fungible/price'])
    expect(wallet.log.map((entry) => entry.method)).toEqual(
      expect.arrayContaining(['wallet_getCapabilities', 'wallet_getAssets']),
    )
  })

  it('a wallet without them: the API, as before', async () => {
    const { config, api } = await connected(false)
    const portfolio = await getPortfolio(config, { address: account.address, chainId: 31337 })
    expect(portfolio.source).toBe('api')
    expect(portfolio.total).toBe(2000)
    expect(api.paths).toEqual([`/v1/account/${account.address}/balance`])
    await expect(
      getWalletAssets(config, { address: account.address, chainId: 31337 }),
    ).rejects.toMatchObject({ name: 'WalletAssetsUnavailableError' })
  })

  it('an answer that does not read is refused, and the API answers', async () => {
    const { config, wallet, api } = await connected(true)
    const request = wallet.request
    wallet.request = async (args) =>
      args.method === 'wallet_getAssets' ? { '0x7a69': [{ address: 'x' }] } : request(args)
    const portfolio = await getPortfolio(config, { address: account.address, chainId: 31337 })
    expect(portfolio.source).toBe('api')
    expect(api.paths).toEqual([`/v1/account/${account.address}/balance`])
  })
})
