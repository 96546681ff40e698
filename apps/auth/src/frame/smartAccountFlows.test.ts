import {
  createTestAuthApi,
  testApiUrl,
  testPageOrigin,
  testProjectId,
} from '@latch/api/testing/createTestAuthApi.ts'
import { findFreePort, type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import { createPublicClient, encodeFunctionData, type Hex, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrame } from './createFrame.ts'
import { createMemoryFrameStores } from './createMemoryFrameStores.ts'
import type { NetworkInfo } from './frameContext.ts'
import { createFakeFrameUi } from './testing/createFakeFrameUi.ts'
import { createFakeFrameWindow } from './testing/createFakeFrameWindow.ts'

type AuthApi = Awaited<ReturnType<typeof createTestAuthApi>>

let devnet: StartTestDevnetReturnType
let anvil: { rpcUrl: string }
let contracts: { entryPoint: Hex; simpleAccountFactory: Hex; paymaster: Hex }
/** The real API with the devnet chain's alto and paymaster service (its /v1/bundler, /v1/paymaster). */
let api: AuthApi
/** The same API whose bundler is a port nobody listens on: the bundler is down. */
let apiWithoutBundler: AuthApi
let bundlerUp = true

beforeAll(async () => {
  // The devnet as `npm start` runs it: EntryPoint, SimpleAccountFactory, the verifying
  // paymaster and its ERC-7677 service, an alto bundler per chain.
  devnet = await startTestDevnet({ bundlers: true })
  const chain = devnet.manifest.chains[0]
  const accountAbstraction = chain?.accountAbstraction
  if (chain?.id !== 31337 || !accountAbstraction)
    throw new Error('The test devnet has no ERC-4337 on its first chain (31337).')
  anvil = { rpcUrl: chain.rpcUrl }
  contracts = {
    entryPoint: accountAbstraction.entryPoint as Hex,
    simpleAccountFactory: accountAbstraction.simpleAccountFactory as Hex,
    paymaster: accountAbstraction.paymaster as Hex,
  }
  api = await createTestAuthApi({ rpcUrl: chain.rpcUrl, accountAbstraction })
  apiWithoutBundler = await createTestAuthApi({
    rpcUrl: chain.rpcUrl,
    accountAbstraction: {
      ...accountAbstraction,
      bundlerUrl: `http://127.0.0.1:${await findFreePort()}`,
    },
  })
}, 240_000)
afterAll(async () => {
  await apiWithoutBundler?.stop()
  await api?.stop()
  await devnet?.stop()
})

/**
 * What the frame fetches goes to the real API in process; with `bundlerUp = false` its
 * `/v1/bundler` calls go to the API whose bundler does not answer.
 */
const fetchFn: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (url.pathname === '/v1/bundler' && !bundlerUp) return apiWithoutBundler.fetchFn(input, init)
  return api.fetchFn(input, init)
}

const network = async (): Promise<NetworkInfo> => ({
  name: 'Latch Devnet',
  symbol: 'ETH',
  decimals: 18,
  smartAccounts: {
    entryPoint: contracts.entryPoint,
    simpleAccountFactory: contracts.simpleAccountFactory,
    paymaster: true,
  },
})

const result = <value>(response: { ok: boolean }) => {
  if (!response.ok) throw new Error(`Frame error: ${JSON.stringify(response)}`)
  return (response as unknown as { result: value }).result
}

describe('the embedded wallet smart account on a devnet with alto and the paymaster', () => {
  const page = createFakeFrameWindow({ pageOrigin: testPageOrigin })
  const fake = createFakeFrameUi()
  const email = 'sam@example.com'
  let eoa: Hex
  let smart: Hex

  it('signs in on the smart account by default; both accounts listed', async () => {
    createFrame({
      config: { projectId: testProjectId, apiUrl: testApiUrl, allowedOrigins: [testPageOrigin] },
      window: page.window,
      ui: fake.ui,
      ...createMemoryFrameStores(),
      fetchFn,
      network,
      scryptN: 2 ** 10,
    }).start()
    result(
      await page.request('syncDappData', {
        metadata: { name: 'Shop', url: testPageOrigin, icons: [] },
        projectId: testProjectId,
        sdkVersion: 'latch-test',
        chainIds: [31337],
      }),
    )
    result(await page.request('connectEmail', { email }))
    result(await page.request('connectOtp', { otp: api.codeFor(email) }))
    const user = result<{
      address: Hex
      preferredAccountType: string
      accounts: { address: Hex; type: string }[]
    }>(await page.request('getUser', {}))
    expect(user.preferredAccountType).toBe('smartAccount')
    eoa = user.accounts.find((account) => account.type === 'eoa')?.address as Hex
    smart = user.accounts.find((account) => account.type === 'smartAccount')?.address as Hex
    expect(user.address).toBe(smart)
    expect(smart).not.toBe(eoa)
    expect(result(await page.request('getSmartAccountEnabledNetworks'))).toEqual({
      chainIds: [31337],
    })
    // To the EOA and back: the page is told the account in use each time.
    result(await page.request('setPreferredAccount', { type: 'eoa' }))
    expect(page.events().at(-1)).toMatchObject({ name: 'accountsChanged', accounts: [eoa] })
    expect(
      result(await page.request('rpcRequest', { chainId: 31337, method: 'eth_accounts' })),
    ).toEqual({ result: [eoa] })
    result(await page.request('setPreferredAccount', { type: 'smartAccount' }))
    expect(page.events().at(-1)).toMatchObject({ name: 'accountsChanged', accounts: [smart] })
  }, 60_000)

  it('sends sponsored: the account is deployed, the receipt is the transaction that included it', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getCode({ address: smart })).toBeUndefined()
    // The smart account holds no ETH: the paymaster pays the gas.
    const answer = result<{ result: Hex }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'eth_sendTransaction',
        params: [{ from: smart, to: eoa, value: '0x0', data: '0x' }],
      }),
    )
    const receipt = await client.getTransactionReceipt({ hash: answer.result })
    expect(receipt.status).toBe('success')
    expect(await client.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    expect(fake.confirmations.at(-1)?.details).toContainEqual({
      label: 'Network fee',
      value: 'Sponsored (paid by the app’s paymaster)',
    })
  }, 120_000)

  it('says why a call would revert, before anything is signed', async () => {
    const before = fake.confirmations.length
    // A call the EntryPoint refuses from an account: its revert reason comes back.
    const response = await page.request('rpcRequest', {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [
        {
          from: smart,
          to: contracts.entryPoint,
          data: encodeFunctionData({
            abi: [
              {
                type: 'function',
                name: 'withdrawStake',
                inputs: [{ name: 'to', type: 'address' }],
                outputs: [],
                stateMutability: 'nonpayable',
              },
            ],
            functionName: 'withdrawStake',
            args: [smart],
          }),
        },
      ],
    })
    expect(response).toMatchObject({ ok: false, error: { code: -32003 } })
    expect(JSON.stringify(response)).toMatch(/No stake to withdraw/)
    expect(fake.confirmations.length).toBe(before)
  }, 60_000)

  it('bundler down: a clear error, nothing shown or sent', async () => {
    const before = fake.confirmations.length
    bundlerUp = false
    try {
      const response = await page.request('rpcRequest', {
        chainId: 31337,
        method: 'eth_sendTransaction',
        params: [{ from: smart, to: eoa, value: '0x0' }],
      })
      expect(response).toMatchObject({
        ok: false,
        error: {
          message:
            'The bundler is not available right now: nothing was sent. Try again in a moment.',
        },
      })
    } finally {
      bundlerUp = true
    }
    expect(fake.confirmations.length).toBe(before)
  }, 60_000)

  it('wallet_sendCalls: one atomic user operation, status 200 with its receipt', async () => {
    const capabilities = result<{ result: Record<string, unknown> }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'wallet_getCapabilities',
        params: [smart, ['0x7a69']],
      }),
    )
    expect(capabilities.result).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const { result: sent } = result<{ result: { id: string } }>(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: smart,
            atomicRequired: true,
            calls: [
              { to: eoa, value: '0x0' },
              { to: eoa, value: '0x0', data: '0x' },
            ],
          },
        ],
      }),
    )
    let status: { status: number; atomic: boolean; receipts?: { status: string }[] } | undefined
    for (let attempt = 0; attempt < 60; attempt++) {
      status = result<{ result: typeof status }>(
        await page.request('rpcRequest', {
          chainId: 31337,
          method: 'wallet_getCallsStatus',
          params: [sent.id],
        }),
      ).result
      if (status?.status !== 100) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(status).toMatchObject({ status: 200, atomic: true, receipts: [{ status: '0x1' }] })
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'wallet_getCallsStatus',
        params: ['0xunknown'],
      }),
    ).toMatchObject({ ok: false, error: { code: 5730 } })
    // The EOA cannot batch atomically.
    expect(
      await page.request('rpcRequest', {
        chainId: 31337,
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: eoa,
            atomicRequired: true,
            calls: [{ to: eoa }],
          },
        ],
      }),
    ).toMatchObject({ ok: false, error: { code: 5760 } })
  }, 120_000)
})
