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

let chain: TestChain
let token: Address
/** Block numbers of the blocks built below. */
const at = { tokens: 0, payments: 0, creation: 0, empty: 0, busy: 0 }
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
  await chain.rpc('evm_setAutomine', [true])
  client = createChainClients([chain.network], {
    timeout: 5_000,
    retryCount: 0,
    batch: true,
    fetchFn: countingFetch,
  }).get(chain.chainId) as PublicClient
}, 60_000)

afterAll(() => chain?.stop())

const fetchOne = (fromBlock: number, toBlock = fromBlock, blockReceipts = true) => {
  calls = []
  httpRequests = 0
  return fetchBlockRange(client, { chainId: chain.chainId, fromBlock, toBlock, blockReceipts })
}
const count = (method: string) => calls.filter((call) => call === method).length

test('ERC-20 transfers: logs and the full block, no receipt', async () => {
  const data = await fetchOne(at.tokens)
  expect(data.reads).toEqual({ fullBlocks: 1, blockReceipts: 0, transactionReceipts: 0 })
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
  expect(data.reads).toEqual({ fullBlocks: 1, blockReceipts: 1, transactionReceipts: 0 })
  expect(data.transactions.map((row) => row.status)).toEqual(['confirmed', 'failed'])
  expect(data.transfers.map((row) => [row.kind, row.amount])).toEqual([['native', parseEther('1')]])
  // Without eth_getBlockReceipts the same receipts are read one transaction at a time.
  const again = await fetchOne(at.payments, at.payments, false)
  expect(again.reads).toEqual({ fullBlocks: 1, blockReceipts: 0, transactionReceipts: 2 })
  expect(again.transactions).toEqual(data.transactions)
})

test('a contract creation: its receipt for the contract address', async () => {
  const data = await fetchOne(at.creation)
  expect(data.reads).toEqual({ fullBlocks: 1, blockReceipts: 0, transactionReceipts: 1 })
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
  expect(data.reads).toEqual({ fullBlocks: 4, blockReceipts: 1, transactionReceipts: 1 })
  expect(count('eth_getBlockByNumber')).toBe(5 + 4)
  expect(count('eth_getLogs')).toBe(1)
  // Logs and headers in one batch, the four full blocks in one, the block and transaction
  // receipts in one each.
  expect(httpRequests).toBe(4)
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
