import type { DevnetChain } from '@latch/api-contract'
import { type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FundParameters, FundResponse } from '../faucetSchema.ts'
import { createSandboxPayout } from './createSandboxPayout.ts'
import { sandboxBrands } from './sandboxBrands.ts'
import { listSandboxAssets } from './sandboxCatalog.ts'

let devnet: StartTestDevnetReturnType
let chain: DevnetChain

beforeAll(async () => {
  devnet = await startTestDevnet()
  chain = devnet.manifest.chains[1] as DevnetChain
}, 90_000)
afterAll(async () => {
  await devnet?.stop()
})

/** The running devnet's faucet, over HTTP as any client calls it. */
const fundOverHttp = async (parameters: FundParameters): Promise<FundResponse> => {
  const response = await fetch(devnet.manifest.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(parameters),
  })
  if (!response.ok) throw new Error(`faucet: ${response.status} ${await response.text()}`)
  return (await response.json()) as FundResponse
}

test('pays ETH and LUSD out from the brand funding account in real transactions', async () => {
  const payOut = createSandboxPayout({ chains: devnet.manifest.chains, fund: fundOverHttp })
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const buyer = privateKeyToAccount(`0x${'12'.repeat(32)}`).address
  const [brand] = sandboxBrands
  if (!brand) throw new Error('no brand')
  const assets = listSandboxAssets([chain])
  const eth = assets.find((asset) => asset.symbol === 'ETH')
  const lusd = assets.find((asset) => asset.symbol === 'LUSD')
  if (!eth || !lusd) throw new Error('no assets')

  const paid = await payOut({ brand, asset: eth, address: buyer, amount: '0.033' })
  expect(await client.getBalance({ address: buyer })).toBe(parseEther('0.033'))
  const transaction = await client.getTransaction({ hash: paid.transactionHash })
  expect(transaction.from.toLowerCase()).toBe(
    privateKeyToAccount(brand.fundingKey).address.toLowerCase(),
  )
  expect(transaction.to?.toLowerCase()).toBe(buyer.toLowerCase())

  await payOut({ brand, asset: lusd, address: buyer, amount: '98.5' })
  const tokens = await client.readContract({
    address: lusd.contract as `0x${string}`,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [buyer],
  })
  expect(tokens).toBe(parseUnits('98.5', 6))
}, 60_000)
