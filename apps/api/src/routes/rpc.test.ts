import { jsonRpcBodySchema } from '@latch/api-contract'
import {
  anvilAccounts,
  findFreePort,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from '@latch/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppDeps, createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { type ApiNetwork, networkFromInput } from '../network.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRateLimitCounter } from '../stores/createRateLimitCounter.ts'
import type { RateLimitStore } from '../stores/rateLimitStore.ts'

const projectId = 'rpc-test-project'
const page = 'https://app.test'
/** The key in the node's URL: no answer may ever show it. */
const secret = 'NODE-KEY-5c1e9a'
/** A contract that always reverts with the 4 bytes 0xdeadbeef. */
const revertingCode: Hex = '0x63deadbeef6000526004601cfd'
const revertingAddress: Address = '0x00000000000000000000000000000000000000aa'

let anvil: StartTestAnvilReturnType
let network: ApiNetwork
/** Every answer's text, checked at the end for the node's URL. */
const answered: string[] = []

beforeAll(async () => {
  anvil = await startTestAnvil()
  // The node's URL as an operator writes it, with a provider key in its path; the injected
  // fetch below sends it to anvil (which serves `/` only).
  network = networkFromInput({
    id: anvil.chainId,
    name: 'Anvil',
    rpcUrl: `${anvil.rpcUrl}/v3/${secret}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  await anvil.rpc('anvil_setCode', [revertingAddress, revertingCode])
})
afterAll(async () => {
  await anvil?.stop()
})

/** Sends the keyed node URL to anvil itself. */
const nodeFetch: typeof fetch = (input, init) =>
  fetch(String(input).replace(`/v3/${secret}`, ''), init)

function testApp(deps: Partial<AppDeps> = {}) {
  const { logger, entries } = createTestLogger()
  const networks = deps.networks ?? [network]
  const app = createApp({
    networks,
    projects: createMemoryProjectStore([
      { id: projectId, name: 'RPC test', allowedOrigins: [page] },
    ]),
    clients: createChainClients(networks, { timeout: 2_000, retryCount: 0, fetchFn: nodeFetch }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger,
    publicUrl: 'https://api.test',
    rpc: { fetchFn: nodeFetch, ...deps.rpc },
    ...deps,
  })
  return { app, logEntries: entries }
}

const endpoint = (chainId: string = `eip155:${anvil.chainId}`, path = '/v1/') =>
  `https://api.test${path}?chainId=${chainId}&projectId=${projectId}`

/** POSTs a body to the endpoint through `app.request`, recording the answer's text. */
async function post(
  app: ReturnType<typeof createApp>,
  body: unknown,
  { url = endpoint(), headers = {} }: { url?: string; headers?: Record<string, string> } = {},
) {
  const response = await app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
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

/** viem over the endpoint, through `app.request` (no port). */
function viemOver(app: ReturnType<typeof createApp>, url = endpoint(), batch = false) {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
  const transport = http(url, {
    batch,
    retryCount: 0,
    fetchFn: async (input, init) => {
      const response = await app.request(String(input), init)
      const text = await response.clone().text()
      answered.push(text)
      return response
    },
  })
  return { chain, transport, client: createPublicClient({ chain, transport }) }
}

/** One of anvil's funded dev accounts. */
const account = (index: number) => {
  const found = anvilAccounts[index]
  if (!found) throw new Error(`No anvil account ${index}.`)
  return found
}

const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe('POST /v1/?chainId=eip155:N&projectId=P', () => {
  test("viem's public actions read the chain through it, with or without the trailing slash", async () => {
    const { app } = testApp()
    for (const path of ['/v1/', '/v1']) {
      const { client } = viemOver(app, endpoint(undefined, path))
      expect(await client.getChainId()).toBe(anvil.chainId)
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(0n)
      expect(await client.getBalance({ address: account(1).address })).toBeGreaterThan(0n)
      const block = await client.getBlock({ blockTag: 'latest' })
      expect(block.hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await client.getCode({ address: revertingAddress })).toBe(revertingCode)
      expect(await client.getGasPrice()).toBeGreaterThan(0n)
      expect((await client.estimateFeesPerGas()).maxFeePerGas).toBeGreaterThan(0n)
      const history = await client.getFeeHistory({ blockCount: 2, rewardPercentiles: [25, 75] })
      expect(history.baseFeePerGas.length).toBeGreaterThan(0)
      expect(await client.getLogs({ fromBlock: 'earliest', toBlock: 'latest' })).toBeInstanceOf(
        Array,
      )
    }
  })

  test("viem's batched calls come back in order, each with its own id", async () => {
    const { app } = testApp()
    const { client } = viemOver(app, endpoint(), true)
    const [chainId, balance, count] = await Promise.all([
      client.getChainId(),
      client.getBalance({ address: account(2).address }),
      client.getTransactionCount({ address: account(2).address }),
    ])
    expect(chainId).toBe(anvil.chainId)
    expect(balance).toBe(
      BigInt((await anvil.rpc('eth_getBalance', [account(2).address, 'latest'])) as string),
    )
    expect(count).toBe(0)
  })

  test('a signed transaction sent with eth_sendRawTransaction lands', async () => {
    const { app } = testApp()
    const { chain, transport, client } = viemOver(app)
    const sender = privateKeyToAccount(account(3).privateKey)
    const receiver = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const before = await client.getBalance({ address: receiver })
    const wallet = createWalletClient({ account: sender, chain, transport })
    const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('1.25') })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('1.25'))
    // And anvil itself agrees.
    expect(BigInt((await anvil.rpc('eth_getBalance', [receiver, 'latest'])) as string)).toBe(
      before + parseEther('1.25'),
    )
  })

  test('a batch: answers in order, ids echoed (duplicates too), each request judged alone', async () => {
    const { app } = testApp()
    const answer = await post(app, [
      call('eth_chainId', [], 'a'),
      call('anvil_setBalance', [account(4).address, '0x1'], 2),
      { jsonrpc: '2.0', id: 3 },
      5,
      call('eth_getBalance', ['0x12'], 'a'),
      { jsonrpc: '2.0', method: 'eth_blockNumber', params: [] },
      call('eth_blockNumber', [], null),
    ])
    expect(answer.status).toBe(200)
    expect(jsonRpcBodySchema.parse(answer.body)).toEqual(answer.body)
    expect(answer.body.map((item: { id: unknown }) => item.id)).toEqual([
      'a',
      2,
      3,
      null,
      'a',
      null,
    ])
    expect(answer.body[0]).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: `0x${anvil.chainId.toString(16)}`,
    })
    expect(answer.body[5].result).toMatch(/^0x[0-9a-f]+$/)
    expect(
      answer.body.slice(1, 5).map((item: { error: unknown }) => item.error),
    ).toMatchInlineSnapshot(`
        [
          {
            "code": -32601,
            "message": "Method not found: "anvil_setBalance" is not available on this endpoint.",
          },
          {
            "code": -32600,
            "message": "Invalid Request: method must be a non-empty string.",
          },
          {
            "code": -32600,
            "message": "Invalid Request: expected a request object.",
          },
          {
            "code": -32602,
            "message": "Invalid params for eth_getBalance: params[0]: expected an address.",
          },
        ]
      `)
  })

  test('anvil_setBalance and other node or key methods are refused with -32601 and do nothing', async () => {
    const { app } = testApp()
    const target = account(5).address
    const before = await anvil.rpc('eth_getBalance', [target, 'latest'])
    for (const method of [
      'anvil_setBalance',
      'evm_mine',
      'hardhat_setBalance',
      'debug_traceTransaction',
      'admin_peers',
      'personal_sign',
      'eth_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_accounts',
      'eth_newFilter',
      'eth_subscribe',
      'test',
    ]) {
      const answer = await post(app, call(method, [target, '0x1']))
      expect(answer.status).toBe(200)
      expect(answer.body.error.code, method).toBe(-32601)
    }
    expect(await anvil.rpc('eth_getBalance', [target, 'latest'])).toBe(before)
    const blockBefore = await anvil.rpc('eth_blockNumber')
    await post(app, [call('evm_mine'), call('anvil_mine', ['0x10'])])
    expect(await anvil.rpc('eth_blockNumber')).toBe(blockBefore)
  })

  test("the node's own errors pass through unchanged (a revert: code 3 with its data)", async () => {
    const { app } = testApp()
    const request = call('eth_call', [{ to: revertingAddress, data: '0x' }, 'latest'], 7)
    const direct = (await (
      await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
    ).json()) as { error: unknown }
    const answer = await post(app, request)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 7, error: direct.error })
    expect(answer.body.error).toMatchObject({ code: 3, data: '0xdeadbeef' })
  })

  test('JSON-RPC errors: parse error, invalid requests, batch caps, bad params, chains', async () => {
    const { app } = testApp({ rpc: { fetchFn: nodeFetch, maxBatch: 3, maxLogBlockRange: 100 } })
    const errorOf = async (body: unknown, url?: string) => {
      const answer = await post(app, body, { url })
      expect(answer.status).toBe(200)
      return answer.body.error ?? answer.body.map((item: { error: unknown }) => item.error)
    }
    expect({
      parse: await errorOf('{"jsonrpc": "2.0", "method": '),
      notAnObject: await errorOf('"eth_chainId"'),
      noVersion: await errorOf({ id: 1, method: 'eth_chainId' }),
      badId: await errorOf({ jsonrpc: '2.0', id: { a: 1 }, method: 'eth_chainId' }),
      badParamsType: await errorOf({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'x' }),
      emptyBatch: await errorOf([]),
      oversizedBatch: await errorOf([1, 2, 3, 4].map((id) => call('eth_chainId', [], id))),
      namedParams: await errorOf({ ...call('eth_getBalance'), params: { address: '0x1' } }),
      tooManyParams: await errorOf(call('eth_blockNumber', ['latest'])),
      missingParam: await errorOf(call('eth_getBalance', [])),
      badBlock: await errorOf(call('eth_getBalance', [account(0).address, 'yesterday'])),
      badFilterKey: await errorOf(call('eth_getLogs', [{ fromBlock: '0x0', since: 1 }])),
      logRange: await errorOf(call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x100' }])),
      logRangeFromEarliest: await errorOf(
        call('eth_getLogs', [{ fromBlock: 'earliest', toBlock: '0x64' }]),
      ),
      feeHistoryTooLong: await errorOf(call('eth_feeHistory', ['0x401', 'latest', []])),
      emptyRawTransaction: await errorOf(call('eth_sendRawTransaction', ['0x'])),
      unknownChain: await errorOf(call('eth_chainId'), endpoint('eip155:999')),
      malformedChain: await errorOf(call('eth_chainId'), endpoint('31337')),
      hugeChain: await errorOf(call('eth_chainId'), endpoint(`eip155:${'9'.repeat(40)}`)),
      missingChain: await errorOf(
        [call('eth_chainId', [], 1), call('eth_blockNumber', [], 2)],
        `https://api.test/v1/?projectId=${projectId}`,
      ),
    }).toMatchInlineSnapshot(`
      {
        "badBlock": {
          "code": -32602,
          "message": "Invalid params for eth_getBalance: params[1]: expected a hex quantity.",
        },
        "badFilterKey": {
          "code": -32602,
          "message": "Invalid params for eth_getLogs: params[0] has unknown keys "since".",
        },
        "badId": {
          "code": -32600,
          "message": "Invalid Request: id must be a string, a number or null.",
        },
        "badParamsType": {
          "code": -32600,
          "message": "Invalid Request: params must be an array or an object.",
        },
        "emptyBatch": {
          "code": -32600,
          "message": "Invalid Request: the batch is empty.",
        },
        "emptyRawTransaction": {
          "code": -32602,
          "message": "Invalid params for eth_sendRawTransaction: params[0]: expected a signed transaction.",
        },
        "feeHistoryTooLong": {
          "code": -32602,
          "message": "Invalid params for eth_feeHistory: params[0]: expected a block count from 1 to 1024.",
        },
        "hugeChain": {
          "code": -32602,
          "message": "Invalid chainId "eip155:9999999999999999999999999999999999999999": expected eip155:<chain id> or solana:<genesis hash prefix>.",
        },
        "logRange": {
          "code": -32602,
          "message": "Invalid params for eth_getLogs: a filter spans at most 100 blocks; this one spans 257.",
        },
        "logRangeFromEarliest": {
          "code": -32602,
          "message": "Invalid params for eth_getLogs: a filter spans at most 100 blocks; this one spans 101.",
        },
        "malformedChain": {
          "code": -32602,
          "message": "Invalid chainId "31337": expected eip155:<chain id> or solana:<genesis hash prefix>.",
        },
        "missingChain": [
          {
            "code": -32602,
            "message": "chainId is required (eip155:<chain id> or solana:<genesis hash prefix>).",
          },
          {
            "code": -32602,
            "message": "chainId is required (eip155:<chain id> or solana:<genesis hash prefix>).",
          },
        ],
        "missingParam": {
          "code": -32602,
          "message": "Invalid params for eth_getBalance: expected at least 1 param.",
        },
        "namedParams": {
          "code": -32602,
          "message": "Invalid params for eth_getBalance: params must be an array.",
        },
        "noVersion": {
          "code": -32600,
          "message": "Invalid Request: jsonrpc must be "2.0".",
        },
        "notAnObject": {
          "code": -32600,
          "message": "Invalid Request: expected a request object.",
        },
        "oversizedBatch": {
          "code": -32600,
          "message": "Invalid Request: a batch holds at most 3 requests; this one holds 4.",
        },
        "parse": {
          "code": -32700,
          "message": "Parse error: the request body is not valid JSON.",
        },
        "tooManyParams": {
          "code": -32602,
          "message": "Invalid params for eth_blockNumber: expected no params.",
        },
        "unknownChain": {
          "code": -32602,
          "message": "Chain eip155:999 is not supported.",
        },
      }
    `)
  })

  test("eth_getLogs ranges given by tags are measured against the node's head", async () => {
    const { app } = testApp({ rpc: { fetchFn: nodeFetch, maxLogBlockRange: 100 } })
    await anvil.rpc('anvil_mine', ['0x80'])
    const head = BigInt((await anvil.rpc('eth_blockNumber')) as string)
    const logs = (filter: Record<string, unknown>) => post(app, call('eth_getLogs', [filter]))
    expect((await logs({ fromBlock: 'earliest' })).body.error).toEqual({
      code: -32602,
      message: `Invalid params for eth_getLogs: a filter spans at most 100 blocks; this one spans ${head + 1n}.`,
    })
    expect((await logs({ fromBlock: 'earliest', toBlock: 'finalized' })).body.error.code).toBe(
      -32602,
    )
    expect((await logs({ fromBlock: `0x${(head - 99n).toString(16)}` })).body.result).toEqual([])
    expect((await logs({})).body.result).toEqual([])
  })

  test('a notification is forwarded but not answered', async () => {
    const { app } = testApp()
    const single = await post(app, { jsonrpc: '2.0', method: 'eth_chainId', params: [] })
    expect(single).toMatchObject({ status: 204, body: null })
    const batch = await post(app, [{ jsonrpc: '2.0', method: 'eth_chainId' }])
    expect(batch).toMatchObject({ status: 204, body: null })
  })

  test('a node that is down: -32603 naming the chain, never its URL or key; logged without it', async () => {
    const deadPort = await findFreePort()
    const dead = { ...network, rpcUrl: `http://127.0.0.1:${deadPort}/v3/${secret}` }
    const { app, logEntries } = testApp({ networks: [dead], rpc: {} })
    const answer = await post(app, [call('eth_chainId', [], 1), call('eth_blockNumber', [], 2)])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: `Internal error: the node for chain eip155:${anvil.chainId} did not answer.`,
        },
      })),
    )
    const logs = JSON.stringify(logEntries)
    expect(logs).toContain('did not answer')
    expect(logs).not.toContain(secret)
    expect(JSON.stringify(answer.body)).not.toContain(String(deadPort))
  })

  test('a node that hangs: -32603 after the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    const { app } = testApp({ rpc: { fetchFn: hanging, timeoutMs: 200 } })
    const started = performance.now()
    const answer = await post(app, call('eth_chainId'))
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(answer.body.error).toEqual({
      code: -32603,
      message: `Internal error: the node for chain eip155:${anvil.chainId} did not answer within 200 ms.`,
    })
  })

  test('a node answering garbage, too much, or quoting its URL: -32603, or its error with the URL scrubbed', async () => {
    const answering =
      (text: string): typeof fetch =>
      async () =>
        new Response(text, { headers: { 'content-type': 'application/json' } })
    const garbage = testApp({ rpc: { fetchFn: answering('<html>502</html>') } }).app
    expect((await post(garbage, call('eth_chainId'))).body.error.message).toBe(
      `Internal error: the node for chain eip155:${anvil.chainId} answered with something that is not JSON.`,
    )
    const huge = testApp({
      rpc: {
        fetchFn: answering(JSON.stringify({ jsonrpc: '2.0', id: 0, result: 'x'.repeat(5000) })),
        maxResponseBytes: 1024,
      },
    }).app
    expect((await post(huge, call('eth_chainId'))).body.error.code).toBe(-32603)
    const quoting = testApp({
      rpc: {
        fetchFn: answering(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 0,
            error: {
              code: -32000,
              message: `rate limited at ${network.rpcUrl} (key /v3/${secret})`,
              data: network.rpcUrl,
            },
          }),
        ),
      },
    }).app
    const answer = await post(quoting, call('eth_chainId', [], 9))
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32000, message: 'rate limited at [node] (key [node])', data: '[node]' },
    })
  })

  test('the project check and the origin check apply, with their HTTP status', async () => {
    const { app } = testApp()
    const noProject = await post(app, call('eth_chainId'), {
      url: `https://api.test/v1/?chainId=eip155:${anvil.chainId}`,
    })
    expect(noProject).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } })
    const unknown = await post(app, call('eth_chainId'), {
      url: `https://api.test/v1?chainId=eip155:${anvil.chainId}&projectId=nope`,
    })
    expect(unknown).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized: invalid key' } },
    })
    const evil = await post(app, call('eth_chainId'), { headers: { origin: 'https://evil.test' } })
    expect(evil).toMatchObject({
      status: 403,
      body: { error: { message: 'Unauthorized: origin not allowed' } },
    })
    const allowed = await post(app, call('eth_chainId'), { headers: { origin: page } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(page)
    expect(allowed.body.result).toBe(`0x${anvil.chainId.toString(16)}`)
    const preflight = await app.request(endpoint(), {
      method: 'OPTIONS',
      headers: {
        origin: page,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(page)
    const tooLarge = await post(
      app,
      JSON.stringify({ ...call('eth_call'), pad: 'x'.repeat(70 * 1024) }),
    )
    expect(tooLarge).toMatchObject({ status: 413, body: { error: { code: 'BAD_REQUEST' } } })
  })

  test('rate limits count a batch as its length', async () => {
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
    // A fixed clock: every request falls in one window.
    const counters = [1, 2].map(() => createRateLimitCounter({ store, now: () => 1_000_000 }))
    const limitedApp = (counter: (typeof counters)[number]) =>
      testApp({
        rateLimits: {
          counter,
          // Counted as writes, the second POST would be refused.
          settings: {
            readsPerIp: 10,
            readsPerProject: 1_000,
            writesPerIp: 1,
            writesPerProject: 1,
            trustProxyHops: 0,
          },
        },
      }).app
    const batch = (length: number) => Array.from({ length }, (_, id) => call('eth_chainId', [], id))
    try {
      const app = limitedApp(counters[0] as (typeof counters)[number])
      const six = await post(app, batch(6))
      expect(six.status).toBe(200)
      expect(six.body).toHaveLength(6)
      expect((await post(app, batch(4))).status).toBe(200)
      // 10 reads used by two requests: the next is refused.
      const refused = await post(app, call('eth_chainId'))
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      counts.clear()
      // A batch longer than what is left is refused whole, before reaching the node.
      const other = limitedApp(counters[1] as (typeof counters)[number])
      const eleven = await post(other, batch(11))
      expect(eleven).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
    } finally {
      await Promise.all(counters.map((counter) => counter.stop()))
    }
  })

  test('no answer in this file held the node URL or its key', () => {
    expect(answered.length).toBeGreaterThan(20)
    for (const text of answered) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(`127.0.0.1:${anvil.port}`)
    }
  })
})
