import type { AddressInfo } from 'node:net'
import { type DevnetSolana, jsonRpcBodySchema } from '@latch/api-contract'
import { type StartTestSolanaReturnType, startTestSolana } from '@latch/test'
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getStructEncoder,
  getU32Encoder,
  getU64Encoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppDeps, createApp } from '../app.ts'
import { createHttpServer } from '../createHttpServer.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { type SolanaApiNetwork, solanaNetworkFromDevnet } from '../services/solana/solanaNetwork.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRateLimitCounter } from '../stores/createRateLimitCounter.ts'
import type { RateLimitStore } from '../stores/rateLimitStore.ts'

const projectId = 'solana-rpc-test'
const page = 'https://app.test'
/** A provider key in the node's URL: no answer may show it. */
const secret = 'SOLANA-NODE-KEY-77'
/** The System program and its Transfer instruction (index 2, then the lamports). */
const systemProgram = '11111111111111111111111111111111' as Address
const transferData = getStructEncoder([
  ['instruction', getU32Encoder()],
  ['lamports', getU64Encoder()],
])

let solana: StartTestSolanaReturnType
let manifest: DevnetSolana
/** The devnet chain as the API maps it (requestAirdrop allowed). */
let devnet: SolanaApiNetwork
/** The same node named as a public network would be: key in the URL, no airdrop. */
let keyed: SolanaApiNetwork
let sender: KeyPairSigner
const answered: string[] = []

beforeAll(async () => {
  solana = await startTestSolana()
  manifest = solana.manifest
  devnet = solanaNetworkFromDevnet(manifest)
  keyed = {
    ...devnet,
    id: 'KeyedNetwork11111111111111111111',
    caipNetworkId: 'solana:KeyedNetwork11111111111111111111',
    rpcUrl: `${manifest.rpcUrl.replace(/\/+$/, '')}/?api-key=${secret}`,
    airdrop: false,
  }
  sender = await createKeyPairSignerFromBytes(
    getBase58Encoder().encode((manifest.accounts[0] as { secretKey: string }).secretKey),
  )
}, 60_000)
afterAll(async () => {
  await solana?.stop()
})

function testApp(deps: Partial<AppDeps> = {}, networks = [devnet, keyed]) {
  const { logger, entries } = createTestLogger()
  const app = createApp({
    networks: [],
    namespaces: {
      networks: { solana: networks, bitcoin: [] },
      // The devnet's node is on loopback: allowed here as under `npm start`.
      fetch: createGuardedFetch({ allowPrivateHosts: true }),
    },
    projects: createMemoryProjectStore([
      { id: projectId, name: 'Solana RPC test', allowedOrigins: [page] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger,
    publicUrl: 'https://api.test',
    rpc: { timeoutMs: 2_000 },
    ...deps,
  })
  return { app, logEntries: entries }
}

type TestApp = ReturnType<typeof testApp>['app']

async function post(app: TestApp, body: unknown, chainId = devnet.caipNetworkId) {
  const response = await app.request(`/v1/?chainId=${chainId}&projectId=${projectId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: page },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  answered.push(text)
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  }
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

/** A signed SOL transfer from the funded test key, base64. */
async function transfer(
  to: Address,
  lamports: bigint,
  blockhash: { blockhash: string; lastValidBlockHeight: bigint },
) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(sender, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        blockhash as Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0],
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: systemProgram,
          accounts: [
            { address: sender.address, role: AccountRole.WRITABLE_SIGNER, signer: sender },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data: new Uint8Array(transferData.encode({ instruction: 2, lamports })),
        },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
}

describe('Solana JSON-RPC through POST /v1/?chainId=solana:...', () => {
  test('reads are relayed to the network node, batches keep their ids', async () => {
    const { app } = testApp()
    const single = await post(app, call('getGenesisHash'))
    expect(single.status).toBe(200)
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 1, result: manifest.genesisHash })
    const batch = await post(app, [
      call('getBalance', [sender.address], 'a'),
      call('getSlot', [], 'a'),
      call('getLatestBlockhash', [{ commitment: 'confirmed' }], 7),
    ])
    expect(jsonRpcBodySchema.safeParse(batch.body).success).toBe(true)
    expect(batch.body.map((answer: { id: unknown }) => answer.id)).toEqual(['a', 'a', 7])
    expect(batch.body[0].result.value).toBeGreaterThan(0)
    expect(typeof batch.body[1].result).toBe('number')
    expect(batch.body[2].result.value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  })

  test("@solana/kit's own client reads and sends through the relay over HTTP", async () => {
    const { app } = testApp()
    const server = createHttpServer(app.fetch, {
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 1_000,
      maxConnections: 16,
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const rpc = createSolanaRpc(
        `http://127.0.0.1:${port}/v1/?chainId=${devnet.caipNetworkId}&projectId=${projectId}`,
      )
      const receiver = (await generateKeyPairSigner()).address
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const wire = await transfer(receiver, 5_000_000n, blockhash)
      const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
      const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
      expect(statuses[0]).toMatchObject({ err: null })
      expect((await rpc.getBalance(receiver).send()).value).toBe(5_000_000n)
      const fresh = (await generateKeyPairSigner()).address
      await rpc.requestAirdrop(fresh, 1_000_000_000n as never).send()
      expect((await rpc.getBalance(fresh).send()).value).toBe(1_000_000_000n)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('methods off the allow-list are -32601; requestAirdrop only on the devnet chain', async () => {
    const { app } = testApp()
    for (const method of [
      'getProgramAccounts',
      'getLargestAccounts',
      'accountSubscribe',
      'eth_chainId',
    ]) {
      const answer = await post(app, call(method, []))
      expect(answer.body.error).toEqual({
        code: -32601,
        message: `Method not found: "${method}" is not available on this endpoint.`,
      })
    }
    const fresh = (await generateKeyPairSigner()).address
    const refused = await post(
      app,
      call('requestAirdrop', [fresh, 1_000_000_000]),
      keyed.caipNetworkId,
    )
    expect(refused.body.error.code).toBe(-32601)
    const granted = await post(app, call('requestAirdrop', [fresh, 1_000_000_000]))
    expect(granted.body, JSON.stringify(granted.body)).toHaveProperty('result')
    expect(granted.body.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  })

  test('params are checked before the node sees them (-32602)', async () => {
    const { app } = testApp()
    const cases: [string, unknown[], string][] = [
      ['getBalance', ['0xabc'], 'params[0]: expected a base58 Solana address.'],
      ['getBalance', [], 'expected at least 1 param.'],
      ['getGenesisHash', [1], 'expected no params.'],
      ['getMultipleAccounts', [Array(101).fill(sender.address)], 'params[0]: Too big'],
      ['sendTransaction', ['not base64!'], 'params[0]: expected base58 or base64.'],
      [
        'getSignatureStatuses',
        [['short']],
        'params[0][0]: expected a base58 transaction signature.',
      ],
      ['getTokenAccountsByOwner', [sender.address, { owner: sender.address }], 'params[1]'],
    ]
    for (const [method, params, reason] of cases) {
      const answer = await post(app, call(method, params))
      expect(answer.body.error.code, method).toBe(-32602)
      expect(answer.body.error.message, method).toContain(`Invalid params for ${method}: ${reason}`)
    }
  })

  test("the node's own errors pass through in Solana's codes, its URL scrubbed", async () => {
    const { app } = testApp()
    const { body } = await post(
      app,
      call('sendTransaction', ['AAAA', { encoding: 'base64' }]),
      keyed.caipNetworkId,
    )
    expect(body.error.code).toBe(-32602)
    expect(body.error.message).toMatch(/failed to deserialize|decode/i)
  })

  test('a body over 48 KB is a 413; a batch over LATCH_RPC_MAX_BATCH is -32600', async () => {
    const { app } = testApp()
    const large = await post(app, [
      call('getSlot'),
      { ...call('getSlot'), pad: 'x'.repeat(49 * 1024) },
    ])
    expect(large).toMatchObject({ status: 413, body: { error: { code: 'BAD_REQUEST' } } })
    const long = await post(
      app,
      Array.from({ length: 21 }, (_, id) => call('getSlot', [], id)),
    )
    expect(long.body.error).toEqual({
      code: -32600,
      message: 'Invalid Request: a batch holds at most 20 requests; this one holds 21.',
    })
  })

  test('an unknown Solana chain is -32602; a node that is down is -32603 naming the chain', async () => {
    const { app, logEntries } = testApp({}, [
      devnet,
      { ...keyed, rpcUrl: `http://127.0.0.1:1/?api-key=${secret}` },
    ])
    const unknown = await post(app, call('getSlot'), 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    expect(unknown.body.error).toEqual({
      code: -32602,
      message: 'Chain solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z is not supported.',
    })
    const down = await post(
      app,
      [call('getSlot', [], 1), call('getBalance', [sender.address], 2)],
      keyed.caipNetworkId,
    )
    expect(down.body).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: `Internal error: the node for chain ${keyed.caipNetworkId} did not answer.`,
        },
      })),
    )
    expect(JSON.stringify(logEntries)).not.toContain(secret)
  })

  test('a node that does not answer in time is -32603 within the timeout', async () => {
    const { createServer } = await import('node:http')
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const { app } = testApp({ rpc: { timeoutMs: 300 } }, [
        { ...keyed, rpcUrl: `http://127.0.0.1:${port}/` },
      ])
      const started = Date.now()
      const { body } = await post(app, call('getSlot'), keyed.caipNetworkId)
      expect(body.error).toEqual({
        code: -32603,
        message: `Internal error: the node for chain ${keyed.caipNetworkId} did not answer within 300 ms.`,
      })
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  test('each sendTransaction counts as a write; reads do not', async () => {
    const counts = new Map<string, number>()
    const store: RateLimitStore = {
      async increment(increments) {
        return increments.map(({ key, windowStart, amount }) => {
          const total = (counts.get(`${key}@${windowStart}`) ?? 0) + amount
          counts.set(`${key}@${windowStart}`, total)
          return total
        })
      },
      async sweep() {
        return 0
      },
    }
    const counter = createRateLimitCounter({ store, now: () => 1_000_000 })
    try {
      const { app } = testApp({
        rateLimits: {
          counter,
          settings: {
            readsPerIp: 100,
            readsPerProject: 1_000,
            writesPerIp: 2,
            writesPerProject: 100,
            trustProxyHops: 0,
          },
        },
      })
      // Reads never touch the write budget.
      for (let index = 0; index < 4; index++)
        expect((await post(app, call('getSlot'))).status).toBe(200)
      const send = call('sendTransaction', ['AAAA', { encoding: 'base64' }])
      expect((await post(app, send)).status).toBe(200)
      // A batch of two writes with one left: refused whole before the node.
      const refused = await post(app, [send, { ...send, id: 2 }])
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    } finally {
      await counter.stop()
    }
  })

  test("the page's preflight may send @solana/kit's Solana-Client header", async () => {
    const { app } = testApp()
    const response = await app.request(
      `/v1/?chainId=${devnet.caipNetworkId}&projectId=${projectId}`,
      {
        method: 'OPTIONS',
        headers: {
          Origin: page,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,solana-client',
        },
      },
    )
    expect(response.headers.get('access-control-allow-origin')).toBe(page)
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'solana-client',
    )
  })

  test('no answer held the node URL or its key', () => {
    expect(answered.length).toBeGreaterThan(20)
    for (const text of answered) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(manifest.rpcUrl)
    }
  })
})
