import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema, balanceResponseSchema, historyResponseSchema } from '@latch/api-contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../../app.ts'
import { forEachDatabase } from '../../db/testing.ts'
import { createTestLogger } from '../../indexer/testing/createTestLogger.ts'
import { createMemoryCacheStore } from '../../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../../stores/createMemoryWalletRegistryStore.ts'
import type { BitcoinApiNetwork } from '../bitcoin/bitcoinNetwork.ts'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { SolanaApiNetwork } from '../solana/solanaNetwork.ts'

// Fake nodes that answer as a Solana JSON-RPC server and an Esplora API do, counting calls.
const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const receiver = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const signature = '5'.repeat(88)
const payment = 'bcrt1q46jj8ak40s4ektu5fv96pqh3sermcet90xqa2f'
const other = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const calls: string[] = []
let solanaDown = false

function startServer(handle: (path: string, body: string) => unknown): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const answer = handle(request.url ?? '', body)
        response.writeHead(answer === undefined ? 500 : 200, {
          'Content-Type': 'application/json',
        })
        response.end(JSON.stringify(answer ?? { error: 'down' }))
      })
    })
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

const solanaRpc = (_path: string, body: string) => {
  if (solanaDown) return undefined
  const { id, method, params } = JSON.parse(body) as {
    id: number
    method: string
    params: unknown[]
  }
  calls.push(method)
  // The SPL Token program, as a real node wants it named.
  if (
    method === 'getTokenAccountsByOwner' &&
    JSON.stringify(params[1]) !== '{"programId":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"}'
  )
    return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid param' } }
  const result = {
    getBalance: { context: { slot: 5 }, value: 2_500_000_000 },
    getSlot: 5,
    getTokenAccountsByOwner: {
      context: { slot: 5 },
      value: [
        {
          pubkey: 'ata',
          account: {
            data: { parsed: { info: { mint, tokenAmount: { amount: '12345000', decimals: 6 } } } },
          },
        },
      ],
    },
    getSignaturesForAddress: [{ signature, slot: 4, err: null, blockTime: 1_750_000_000 }],
    getTransaction: {
      slot: 4,
      blockTime: 1_750_000_000,
      meta: {
        err: null,
        fee: 5000,
        preBalances: [3_000_000_000, 0, 1],
        postBalances: [2_499_995_000, 500_000_000, 1],
        preTokenBalances: [
          { accountIndex: 3, mint, owner, uiTokenAmount: { amount: '13345000', decimals: 6 } },
        ],
        postTokenBalances: [
          { accountIndex: 3, mint, owner, uiTokenAmount: { amount: '12345000', decimals: 6 } },
          {
            accountIndex: 4,
            mint,
            owner: receiver,
            uiTokenAmount: { amount: '1000000', decimals: 6 },
          },
        ],
      },
      transaction: {
        message: { accountKeys: [owner, receiver, '11111111111111111111111111111111'] },
      },
    },
  }[method]
  return { jsonrpc: '2.0', id, result }
}

const esplora = (path: string) => {
  calls.push(path)
  if (path === `/address/${payment}`)
    return {
      chain_stats: { funded_txo_sum: 150_000_000, spent_txo_sum: 50_000_000 },
      mempool_stats: { funded_txo_sum: 2_000, spent_txo_sum: 0 },
    }
  if (path === `/address/${payment}/txs`)
    return [
      {
        txid: 'a'.repeat(64),
        fee: 500,
        status: { confirmed: true, block_height: 102, block_time: 1_750_000_100 },
        vin: [{ prevout: { scriptpubkey_address: payment, value: 100_000_000 } }],
        vout: [
          { scriptpubkey_address: other, value: 30_000_000 },
          { scriptpubkey_address: payment, value: 69_999_500 },
        ],
      },
      {
        txid: 'b'.repeat(64),
        fee: 300,
        status: { confirmed: true, block_height: 101, block_time: 1_750_000_000 },
        vin: [{ prevout: { scriptpubkey_address: other, value: 200_000_000 } }],
        vout: [{ scriptpubkey_address: payment, value: 100_000_000 }],
      },
    ]
  return undefined
}

let solanaServer: Server
let esploraServer: Server
beforeAll(async () => {
  solanaServer = await startServer(solanaRpc)
  esploraServer = await startServer(esplora)
})
afterAll(() => {
  solanaServer?.close()
  esploraServer?.close()
})

const projectId = 'namespace-project'
const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

forEachDatabase('Solana and Bitcoin balances and activity', (context) => {
  let app: ReturnType<typeof createApp>
  let solana: SolanaApiNetwork
  let regtest: BitcoinApiNetwork
  beforeAll(() => {
    solana = {
      namespace: 'solana',
      id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
      caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
      name: 'Local Solana',
      rpcUrl: url(solanaServer),
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      nativePriceUsd: 150,
      testnet: true,
      tokens: [{ mint, name: 'Latch USD', symbol: 'LUSD', decimals: 6, priceUsd: 1 }],
    }
    regtest = {
      namespace: 'bip122',
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      name: 'Bitcoin regtest',
      network: 'regtest',
      esploraUrl: url(esploraServer),
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      nativePriceUsd: 0,
      testnet: true,
    }
    app = createApp({
      networks: [],
      namespaces: {
        networks: { solana: [solana], bitcoin: [regtest] },
        fetch: createGuardedFetch({ allowPrivateHosts: true }),
        timeoutMs: 2_000,
      },
      projects: createMemoryProjectStore([
        { id: projectId, name: 'Namespaces', allowedOrigins: ['http://localhost:*'] },
      ]),
      clients: new Map(),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
    })
  })
  const get = (path: string) =>
    app.request(`${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`, {
      headers: { Origin: 'http://localhost:4170' },
    })
  const errorOf = async (response: Response) => ({
    status: response.status,
    message: apiErrorSchema.parse(await response.json()).error.message,
  })

  test('SOL and the configured SPL mints, cached 30 s', async () => {
    calls.length = 0
    const path = `/v1/account/${owner}/balance?chainId=${solana.caipNetworkId}`
    const response = await get(path)
    expect(response.status).toBe(200)
    const { balances } = balanceResponseSchema.parse(await response.json())
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.address, b.value])).toEqual([
      ['SOL', '2.5', undefined, 375],
      ['LUSD', '12.345', `${solana.caipNetworkId}:${mint}`, 12.345],
    ])
    expect(calls.sort()).toEqual(['getBalance', 'getTokenAccountsByOwner'])
    calls.length = 0
    await get(path)
    expect(calls).toEqual([])
  })

  test('Solana activity: the SOL and token sent, the fee left out', async () => {
    const response = await get(`/v1/account/${solana.caipNetworkId}:${owner}/history`)
    const page = historyResponseSchema.parse(await response.json())
    expect(page.next).toBeNull()
    expect(page.data).toHaveLength(1)
    expect(page.data[0]?.metadata).toMatchObject({
      operationType: 'send',
      status: 'confirmed',
      hash: signature,
      sentFrom: owner,
      sentTo: receiver,
      chain: solana.caipNetworkId,
      blockNumber: 4,
      minedAt: new Date(1_750_000_000_000).toISOString(),
    })
    expect(
      page.data[0]?.transfers.map((t) => [
        t.direction,
        t.quantity.numeric,
        t.fungible_info?.symbol,
      ]),
    ).toEqual([
      ['out', '0.5', 'SOL'],
      ['out', '1', 'LUSD'],
    ])
  })

  test('BTC: confirmed plus unconfirmed; activity from Esplora', async () => {
    const balance = await get(`/v1/account/${payment}/balance?chainId=${regtest.caipNetworkId}`)
    const { balances } = balanceResponseSchema.parse(await balance.json())
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.quantity.decimals])).toEqual([
      ['BTC', '1.00002', '8'],
    ])
    const history = await get(`/v1/account/${payment}/history?chainId=${regtest.caipNetworkId}`)
    const page = historyResponseSchema.parse(await history.json())
    expect(
      page.data.map((item) => [
        item.metadata.operationType,
        item.metadata.sentTo,
        item.transfers[0]?.quantity.numeric,
      ]),
    ).toEqual([
      ['send', other, '0.3'],
      ['receive', payment, '1'],
    ])
  })

  test('bad addresses, unknown chains and a node that is down get clear errors', async () => {
    expect(
      await errorOf(
        await get(`/v1/account/0OIl0OIl0OIl0OIl/balance?chainId=${solana.caipNetworkId}`),
      ),
    ).toEqual({
      status: 400,
      message: 'Invalid Solana address (base58, 32 bytes): "0OIl0OIl0OIl0OIl".',
    })
    expect(
      await errorOf(
        await get(
          `/v1/account/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/balance?chainId=${regtest.caipNetworkId}`,
        ),
      ),
    ).toEqual({
      status: 400,
      message: 'This is a Bitcoin mainnet address; this network is regtest.',
    })
    expect(
      await errorOf(
        await get(`/v1/account/${owner}/balance?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`),
      ),
    ).toEqual({
      status: 400,
      message: 'Chain "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" is not supported.',
    })
    solanaDown = true
    try {
      const down = await get(`/v1/account/${receiver}/balance?chainId=${solana.caipNetworkId}`)
      expect(down.status).toBe(502)
    } finally {
      solanaDown = false
    }
  })

  test('supported-chains lists the Solana and Bitcoin networks beside the EVM ones', async () => {
    const response = await get('/v1/supported-chains')
    const body = (await response.json()) as { namespaceNetworks: unknown[]; http: string[] }
    expect(body.http).toEqual([solana.caipNetworkId, regtest.caipNetworkId])
    expect(body.namespaceNetworks).toEqual([
      expect.objectContaining({ chainNamespace: 'solana', id: solana.id, name: 'Local Solana' }),
      expect.objectContaining({ chainNamespace: 'bip122', caipNetworkId: regtest.caipNetworkId }),
    ])
    // The node URLs stay on the server.
    expect(JSON.stringify(body)).not.toContain('127.0.0.1')
  })
})
