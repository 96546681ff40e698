import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createChainClients } from '../createChainClients.ts'
import { transferTopic } from './decodeTransferLog.ts'
import { fetchBlockRange } from './fetchBlockRange.ts'
import { requestInBatches } from './requestInBatches.ts'
import {
  createTestChain,
  type TestChain,
  testAccounts,
  tokenAbi,
} from './testing/createTestChain.ts'

const [alice, bob, carol] = testAccounts
/** Init code that deploys a one-byte contract (CODECOPY the last byte, RETURN it). */
const oneByteContract: Hex = '0x6001600c60003960016000f300'
/**
 * Init code of a contract that takes any call with any value and logs
 * `Transfer(caller, caller, 1)`: a payable call whose transaction is covered by a Transfer log
 * yet moves the native coin too. Runtime: MSTORE(0, 1); LOG3(0, 32, topic, CALLER, CALLER).
 */
const payableEmitter: Hex = `0x602e600c600039602e6000f3600160005233337f${transferTopic.slice(2)}60206000a300`

let chain: TestChain
let token: Address
/** Block numbers of the blocks built below. */
const at = { tokens: 0, payments: 0, creation: 0, empty: 0, busy: 0, payable: 0 }
let emitter: Address
/** Every JSON-RPC call and HTTP request the counting client made. */
let calls: string[] = []
let httpRequests = 0
let client: PublicClient

const countingFetch: typeof fetch = async (input, init) => {
  httpRequests++
  const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[]
  for (const call of Array.isArray(body) ? body : [body]) calls.push(call.method)
  return fetch(input, init)
}

/** Sends from an unlocked account without mining (automine is off while blocks are built). */
const submit = (from: Address, to: Address | null, data: Hex, value = 0n, gas = 200_000n) =>
  chain.rpc('eth_sendTransaction', [
    {
      from,
      ...(to ? { to } : {}),
      data,
      value: numberToHex(value),
      gas: numberToHex(gas),
    },
  ])
const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to, amount] })
const mine = async () => {
  await chain.rpc('evm_mine', [])
  return chain.head()
}

beforeAll(async () => {
  chain = await createTestChain()
  token = await chain.deployToken('Plan Dollar', 'PLD', 6)
  await chain.send({
    from: alice,
    to: token,
    data: encodeFunctionData({
      abi: tokenAbi,
      functionName: 'mint',
      args: [alice, parseUnits('1000', 6)],
    }),
  })
  await chain.rpc('evm_setAutomine', [false])
  // Three ERC-20 transfers: each has a Transfer log, so no receipt is needed.
  for (const amount of [1n, 2n, 3n]) await submit(alice, token, transfer(bob, amount))
  at.tokens = await mine()
  // A payment and a reverted token transfer (bob holds too little): receipts for both.
  await submit(carol, bob, '0x', parseEther('1'))
  await submit(bob, token, transfer(carol, parseUnits('1000000', 6)))
  at.payments = await mine()
  // A contract creation: its receipt names the contract created.
  await submit(alice, null, oneByteContract)
  at.creation = await mine()
  at.empty = await mine()
  // Twenty token transfers for the batch-size test.
  for (let index = 0; index < 20; index++) await submit(alice, token, transfer(carol, 10n))
  at.busy = await mine()
  // A payable call that logs a Transfer, beside a token transfer from the same sender.
  const created = (await submit(alice, null, payableEmitter)) as Hex
  await mine()
  const receipt = await chain.publicClient.getTransactionReceipt({ hash: created })
  emitter = receipt.contractAddress as Address
  await submit(bob, emitter, '0x', parseEther('2'))
  await submit(bob, token, transfer(alice, 1n))
  await submit(alice, emitter, '0x1234abcd', parseEther('3'))
  at.payable = await mine()
  await chain.rpc('evm_setAutomine', [true])
  client = createChainClients([chain.network], {
    timeout: 5_000,
    retryCount: 0,
    batch: true,
    fetchFn: countingFetch,
  }).get(chain.chainId) as PublicClient
}, 60_000)

afterAll(() => chain?.stop())

const fetchOne = (fromBlock: number, toBlock = fromBlock, blockReceipts = true, traces = false) => {
  calls = []
  httpRequests = 0
  return fetchBlockRange(client, {
    chainId: chain.chainId,
    fromBlock,
    toBlock,
    blockReceipts,
    traces,
  })
}
const count = (method: string) => calls.filter((call) => call === method).length

test('ERC-20 transfers: logs and the full block, no receipt', async () => {
  const data = await fetchOne(at.tokens)
  expect(data.reads).toEqual({
    traceBlocks: 0,
    nonceCounts: 0,
    fullBlocks: 1,
    blockReceipts: 0,
    transactionReceipts: 0,
  })
  expect(count('eth_getBlockReceipts') + count('eth_getTransactionReceipt')).toBe(0)
  expect(data.transactions.map((row) => row.status)).toEqual([
    'confirmed',
    'confirmed',
    'confirmed',
  ])
  expect(data.transfers.map((row) => [row.kind, row.amount])).toEqual([
    ['erc20', 1n],
    ['erc20', 2n],
    ['erc20', 3n],
  ])
})

test('a payment and a reverted call: their receipts, in one block read', async () => {
  const data = await fetchOne(at.payments)
  expect(data.reads).toEqual({
    traceBlocks: 0,
    nonceCounts: 0,
    fullBlocks: 1,
    blockReceipts: 1,
    transactionReceipts: 0,
  })
  expect(data.transactions.map((row) => row.status)).toEqual(['confirmed', 'failed'])
  expect(data.transfers.map((row) => [row.kind, row.amount])).toEqual([['native', parseEther('1')]])
  // Without eth_getBlockReceipts the same receipts are read one transaction at a time.
  const again = await fetchOne(at.payments, at.payments, false)
  expect(again.reads).toEqual({
    traceBlocks: 0,
    nonceCounts: 0,
    fullBlocks: 1,
    blockReceipts: 0,
    transactionReceipts: 2,
  })
  expect(again.transactions).toEqual(data.transactions)
})

test('a contract creation: its receipt for the contract address', async () => {
  const data = await fetchOne(at.creation)
  expect(data.reads).toEqual({
    traceBlocks: 0,
    nonceCounts: 0,
    fullBlocks: 1,
    blockReceipts: 0,
    transactionReceipts: 1,
  })
  const receipt = await chain.publicClient.getTransactionReceipt({
    hash: data.transactions[0]?.hash as Hex,
  })
  expect(data.transactions[0]?.createdContract).toBe(receipt.contractAddress?.toLowerCase())
})

test('a range: headers for every block, full blocks only where there are transactions, batched', async () => {
  const data = await fetchOne(at.tokens, at.busy)
  expect(data.blocks.map((block) => block.number)).toEqual([
    at.tokens,
    at.payments,
    at.creation,
    at.empty,
    at.busy,
  ])
  expect(data.reads).toEqual({
    traceBlocks: 0,
    nonceCounts: 0,
    fullBlocks: 4,
    blockReceipts: 1,
    transactionReceipts: 1,
  })
  expect(count('eth_getBlockByNumber')).toBe(5 + 4)
  expect(count('eth_getLogs')).toBe(1)
  // The headers in one batch (the traces would wait for them, not for the logs), the logs in
  // one, the four full blocks in one, the block and transaction receipts in one each.
  expect(httpRequests).toBe(5)
  expect(data.transfers.filter((row) => row.kind === 'erc20')).toHaveLength(3 + 20)
})

test('a batch over the response size limit is asked again in halves', async () => {
  const readBusyBlock = () =>
    fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBlockByNumber',
        params: [numberToHex(at.busy), true],
      }),
    }).then((response) => response.text())
  const size = (await readBusyBlock()).length
  let requests = 0
  const clientWithLimit = (maxResponseBodySize: number) =>
    createPublicClient({
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl, {
        batch: true,
        retryCount: 0,
        maxResponseBodySize,
        fetchFn: (input, init) => {
          requests++
          return fetch(input, init)
        },
      }),
    }) as PublicClient
  const readFull = (limited: PublicClient) => () =>
    limited.request({ method: 'eth_getBlockByNumber', params: [numberToHex(at.busy), true] })

  // One block fits; two do not: a batch of four is asked as 4, then 2 + 2, then 1 + 1 + 1 + 1.
  const limited = clientWithLimit(Math.floor(size * 1.5))
  const blocks = await requestInBatches(
    Array.from({ length: 4 }, () => readFull(limited)),
    4,
  )
  expect(blocks.map((block) => block?.hash)).toEqual(Array(4).fill(blocks[0]?.hash))
  expect(requests).toBe(1 + 2 + 4)
  // A single answer over the limit is an error, never a range written short.
  await expect(requestInBatches([readFull(clientWithLimit(size - 100))], 4)).rejects.toThrow(
    'size limit',
  )
})

/** A client of the test chain whose JSON-RPC answers pass through `rewrite` first. */
const rewritingClient = (
  rewrite: (call: { id: number; method: string; params: unknown[] }, answer: unknown) => unknown,
) =>
  createChainClients([chain.network], {
    timeout: 5_000,
    retryCount: 0,
    batch: true,
    fetchFn: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as
        | { id: number; method: string; params: unknown[] }
        | { id: number; method: string; params: unknown[] }[]
      const requests = Array.isArray(body) ? body : [body]
      for (const call of requests) calls.push(call.method)
      const answer = (await (await fetch(input, init)).json()) as { id: number } | { id: number }[]
      const answers = Array.isArray(answer) ? answer : [answer]
      const rewritten = answers.map((item) =>
        rewrite(requests.find((call) => call.id === item.id) as (typeof requests)[0], item),
      )
      return Response.json(Array.isArray(answer) ? rewritten : rewritten[0])
    },
  }).get(chain.chainId) as PublicClient

test('traces and nonce counts give exactly what full blocks give, without reading a full block', async () => {
  const full = await fetchOne(at.tokens, at.payable, true, false)
  const traced = await fetchOne(at.tokens, at.payable, true, true)
  // Token transfers, a payment, a failed call, a creation, a payable call with a Transfer log.
  expect(traced.transactions).toEqual(full.transactions)
  expect(traced.transfers).toEqual(full.transfers)
  expect(traced.blocks).toEqual(full.blocks)
  expect(traced.tracesSupported).toBe(true)
  // Two counts per sender (alice, bob, carol) for the whole range, not two per block.
  expect(traced.reads).toMatchObject({ fullBlocks: 0, traceBlocks: 6, nonceCounts: 6 })
  expect(count('eth_getBlockByNumber')).toBe(at.payable - at.tokens + 1)
  // The payable call is covered by its Transfer log and still moves 2 and 3 ETH.
  const payable = traced.transfers.filter((row) => row.blockNumber === at.payable)
  expect(payable.map((row) => [row.kind, row.from, row.to, row.amount])).toEqual([
    ['native', bob.toLowerCase(), emitter.toLowerCase(), parseEther('2')],
    ['native', alice.toLowerCase(), emitter.toLowerCase(), parseEther('3')],
    ['erc20', bob.toLowerCase(), bob.toLowerCase(), 1n],
    ['erc20', bob.toLowerCase(), alice.toLowerCase(), 1n],
    ['erc20', alice.toLowerCase(), alice.toLowerCase(), 1n],
  ])
  const rows = traced.transactions.filter((row) => row.blockNumber === at.payable)
  expect(rows.map((row) => [row.methodId, row.status])).toEqual([
    [null, 'confirmed'],
    ['0xa9059cbb', 'confirmed'],
    ['0x1234abcd', 'confirmed'],
  ])
  // Each transaction's nonce is the sender's own, as the node reports it.
  for (const row of traced.transactions) {
    const transaction = await chain.publicClient.getTransaction({ hash: row.hash })
    expect(row.nonce).toBe(transaction.nonce)
  }
  const failed = traced.transactions.find((row) => row.status === 'failed')
  expect(failed?.blockNumber).toBe(at.payments)
  const creation = traced.transactions.find((row) => row.to === null)
  expect(creation?.createdContract).toMatch(/^0x[0-9a-f]{40}$/)
})

test('the trace batches of a range are asked four at once, each in an HTTP request of its own', async () => {
  // Two transactions per batch: the busy block goes alone, the others in pairs of blocks.
  const traceBatches: string[][] = []
  let inFlight = 0
  let mostInFlight = 0
  const watching = createChainClients([chain.network], {
    timeout: 5_000,
    retryCount: 0,
    batch: true,
    fetchFn: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[]
      const methods = (Array.isArray(body) ? body : [body]).map((call) => call.method)
      if (!methods.includes('trace_block')) return fetch(input, init)
      traceBatches.push(methods)
      inFlight++
      mostInFlight = Math.max(mostInFlight, inFlight)
      try {
        // Held a moment, so that batches asked one after the other could not overlap.
        await new Promise((resolve) => setTimeout(resolve, 50))
        return await fetch(input, init)
      } finally {
        inFlight--
      }
    },
  }).get(chain.chainId) as PublicClient
  const traced = await fetchBlockRange(watching, {
    chainId: chain.chainId,
    fromBlock: at.tokens,
    toBlock: at.payable,
    blockReceipts: true,
    traces: true,
    transactionsPerBatch: 2,
  })
  const full = await fetchOne(at.tokens, at.payable, true, false)
  expect(traced.transactions).toEqual(full.transactions)
  expect(traced.reads).toMatchObject({ fullBlocks: 0, traceBlocks: 6 })
  // Blocks of 3, 2, 1, 20, 1 and 3 transactions: one batch each (none fits beside another).
  expect(traceBatches.map((methods) => methods.length)).toEqual([1, 1, 1, 1, 1, 1])
  expect(traceBatches.flat().every((method) => method === 'trace_block')).toBe(true)
  expect(mostInFlight).toBe(4)
})

test('a block where a sender’s count rose by more than its transactions is read in full', async () => {
  const header = await chain.publicClient.getBlock({ blockNumber: BigInt(at.payable) })
  // As if an EIP-7702 authorization had also used one of each sender's nonces in the range's
  // last block.
  const bumped = rewritingClient((call, answer) => {
    const [, block] = (call?.params ?? []) as [unknown, { blockHash?: string } | undefined]
    if (call?.method !== 'eth_getTransactionCount' || block?.blockHash !== header.hash)
      return answer
    const { result } = answer as { result: Hex }
    return { ...(answer as object), result: numberToHex(BigInt(result) + 1n) }
  })
  calls = []
  const data = await fetchBlockRange(bumped, {
    chainId: chain.chainId,
    fromBlock: at.creation,
    toBlock: at.payable,
    blockReceipts: true,
    traces: true,
  })
  const full = await fetchOne(at.creation, at.payable, true, false)
  expect(data.transactions).toEqual(full.transactions)
  // The range's total rise is not exact, so the counts are read block by block: only the last
  // block rose by more than its transactions; the blocks before it are served from traces.
  expect(data.reads).toMatchObject({ traceBlocks: 4, fullBlocks: 1 })
  expect(data.transactions.filter((row) => row.blockNumber === at.busy)).toHaveLength(20)
})

test('an RPC without trace_block: full blocks, and the next ranges are told not to ask', async () => {
  const refusing = rewritingClient((call, answer) =>
    call?.method === 'trace_block'
      ? {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32601, message: 'the method trace_block does not exist' },
        }
      : answer,
  )
  const data = await fetchBlockRange(refusing, {
    chainId: chain.chainId,
    fromBlock: at.tokens,
    toBlock: at.busy,
    blockReceipts: true,
    traces: true,
  })
  expect(data.tracesSupported).toBe(false)
  expect(data.reads).toMatchObject({ traceBlocks: 4, nonceCounts: 0, fullBlocks: 4 })
  const full = await fetchOne(at.tokens, at.busy, true, false)
  expect(data.transactions).toEqual(full.transactions)
})

test('a node without the state of those blocks (pruned): the blocks are read in full', async () => {
  const pruned = rewritingClient((call, answer) =>
    call?.method === 'eth_getTransactionCount'
      ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'missing trie node' } }
      : answer,
  )
  const data = await fetchBlockRange(pruned, {
    chainId: chain.chainId,
    fromBlock: at.tokens,
    toBlock: at.busy,
    blockReceipts: true,
    traces: true,
  })
  expect(data.tracesSupported).toBe(true)
  expect(data.reads).toMatchObject({ traceBlocks: 4, fullBlocks: 4 })
  const full = await fetchOne(at.tokens, at.busy, true, false)
  expect(data.transactions).toEqual(full.transactions)
})
