import type { DevnetChain } from '@latch/api-contract'
import { findFreePort, type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { uniswapV2RouterAbi } from './createUniswapV2SwapSource.ts'
import { describeSwapRevert } from './describeSwapRevert.ts'

let devnet: StartTestDevnetReturnType
let chain: DevnetChain
const token = (symbol: string) =>
  getAddress(chain.tokens.find((entry) => entry.symbol === symbol)?.address as Address)

beforeAll(async () => {
  devnet = await startTestDevnet()
  chain = devnet.manifest.chains[0] as DevnetChain
}, 90_000)
afterAll(async () => {
  await devnet?.stop()
})

/** The error a simulated call from `account` throws (eth_call), or undefined when it succeeds. */
async function callError(account: Address, to: Address, data: Hex, value = 0n) {
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  return client.call({ account, to, data, value }).then(
    () => undefined,
    (error: unknown) => error,
  )
}

const swap = (
  user: Address,
  { amountOutMin = 0n, deadline = maxUint256 }: { amountOutMin?: bigint; deadline?: bigint },
) =>
  encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactTokensForTokens',
    args: [parseUnits('10', 6), amountOutMin, [token('LUSD'), token('ALPHA')], user, deadline],
  })

test("the router's reverts, in words", async () => {
  const router = getAddress(chain.contracts.uniswapV2Router)
  const owner = devnet.manifest.accounts[2]
  if (!owner) throw new Error('No test account #2.')
  const user = owner.address as Address

  // No approval yet: the transfer into the router fails (allowance or balance: the caller checks).
  expect(describeSwapRevert(await callError(user, router, swap(user, {})))).toEqual({
    reason: 'the token transfer failed',
    raw: 'TransferHelper: TRANSFER_FROM_FAILED',
    transferFromFailed: true,
  })

  const wallet = createWalletClient({
    account: privateKeyToAccount(owner.privateKey as Hex),
    transport: http(chain.rpcUrl),
  })
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      chain: null,
      address: token('LUSD'),
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, maxUint256],
    }),
  })
  expect(await callError(user, router, swap(user, {}))).toBeUndefined()
  expect(
    describeSwapRevert(
      await callError(user, router, swap(user, { amountOutMin: parseEther('1000') })),
    ),
  ).toEqual({
    reason: 'slippage exceeded (the price moved beyond the slippage tolerance)',
    raw: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    transferFromFailed: false,
  })
  expect(describeSwapRevert(await callError(user, router, swap(user, { deadline: 1n })))).toEqual({
    reason: 'the deadline passed',
    raw: 'UniswapV2Router: EXPIRED',
    transferFromFailed: false,
  })
})

test('ether the account does not have: insufficient balance; an RPC that is down: not a revert', async () => {
  const router = getAddress(chain.contracts.uniswapV2Router)
  const empty = privateKeyToAddress(generatePrivateKey())
  const data = encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [getAddress(chain.contracts.weth), token('LUSD')], empty, maxUint256],
  })
  expect(describeSwapRevert(await callError(empty, router, data, parseEther('1')))).toMatchObject({
    reason: 'insufficient balance',
  })

  const dead = createPublicClient({
    transport: http(`http://127.0.0.1:${await findFreePort()}`, { retryCount: 0 }),
  })
  const error = await dead.call({ to: router, data }).catch((cause: unknown) => cause)
  expect(describeSwapRevert(error)).toBeUndefined()
  expect(describeSwapRevert(new Error('not viem'))).toBeUndefined()
})
