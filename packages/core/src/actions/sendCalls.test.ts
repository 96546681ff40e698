import {
  anvilAccounts,
  createTestWallet,
  deploySimple7702Account,
  type StartTestAnvilReturnType,
  startTestAnvil,
  type TestWallet,
} from '@latch/test'
import { createPublicClient, encodeFunctionData, type Hex, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { announced } from '../connectors/announced.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { connect } from './connect.ts'
import { getCallsStatus } from './getCallsStatus.ts'
import { getCapabilities, supportsAtomicBatch } from './getCapabilities.ts'
import { sendCalls } from './sendCalls.ts'
import { showCallsStatus } from './showCallsStatus.ts'
import { waitForCallsStatus } from './waitForCallsStatus.ts'

let anvil: StartTestAnvilReturnType
let wallet: TestWallet
let delegate: Hex
beforeAll(async () => {
  anvil = await startTestAnvil()
  delegate = await deploySimple7702Account({
    rpc: anvil.rpc,
    from: anvilAccounts[0]?.address as Hex,
  })
  wallet = createTestWallet({
    chains: [
      { id: 31337, rpcUrl: anvil.rpcUrl, accountAbstraction: { simple7702Account: delegate } },
    ],
    privateKey: anvilAccounts[4]?.privateKey as Hex,
    eip5792: true,
  })
})
afterAll(() => anvil?.stop())

async function connected() {
  const connector = announced({
    info: { uuid: 'test', name: 'Test Wallet', icon: '', rdns: 'dev.latch.test' },
    provider: wallet,
  })
  const config = createLatchConfig({
    networks: [{ ...testNetwork, rpcUrl: anvil.rpcUrl }],
    apiUrl: 'http://127.0.0.1:1',
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
  })
  await connect(config, { connectorId: connector.id })
  return config
}

describe('sendCalls, getCallsStatus, waitForCallsStatus, showCallsStatus (EIP-5792)', () => {
  it('sends a batch in one confirmation and reads its outcome', async () => {
    const config = await connected()
    const capabilities = await getCapabilities(config, { address: wallet.address })
    expect(supportsAtomicBatch(capabilities)).toBe(true)

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const to = anvilAccounts[8]?.address as Hex
    const before = await client.getBalance({ address: to })
    const confirmations = wallet.log.length
    const { id, chainId } = await sendCalls(config, {
      calls: [
        { to: `eip155:31337:${to}`, value: 5n },
        { to, value: 6n, data: '0x' },
      ],
      atomicRequired: true,
    })
    expect(chainId).toBe(31337)
    expect(wallet.log.slice(confirmations).map((entry) => entry.method)).toEqual([
      'wallet_sendCalls',
    ])
    const status = await waitForCallsStatus(config, { id, timeout: 10_000, pollingInterval: 100 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0]?.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + 11n)
    await expect(getCallsStatus(config, { id })).resolves.toEqual(status)

    await showCallsStatus(config, { id })
    expect(wallet.shown).toContain(id)
  })

  it('a call that reverts stops the whole batch: the transfer before it is not sent either', async () => {
    const config = await connected()
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const to = anvilAccounts[8]?.address as Hex
    const before = await client.getBalance({ address: to })
    // Simple7702Account's own execute() refuses a caller that is not the account itself.
    const reverting = encodeFunctionData({
      abi: parseAbi(['function execute(address target, uint256 value, bytes data)']),
      functionName: 'execute',
      args: [to, 0n, '0x'],
    })
    // The wallet simulates the transaction first: executeBatch's revert refuses it.
    await expect(
      sendCalls(config, {
        calls: [
          { to, value: 7n },
          { to: delegate, data: reverting },
        ],
        atomicRequired: true,
      }),
    ).rejects.toMatchObject({
      name: 'ProviderRequestError',
      shortMessage: expect.stringMatching(/^Execution reverted/),
    })
    expect(await client.getBalance({ address: to })).toBe(before)
  })

  it('declined in the wallet: UserRejectedRequestError; no calls or too many: refused before asking', async () => {
    const config = await connected()
    wallet.queue('wallet_sendCalls', 'reject')
    await expect(
      sendCalls(config, { calls: [{ to: wallet.address, value: 1n }] }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    await expect(sendCalls(config, { calls: [] })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ProviderRequestError: A batch holds 1 to 16 calls; got 0.]`,
    )
    await expect(getCallsStatus(config, { id: `0x${'00'.repeat(32)}` })).rejects.toMatchObject({
      name: 'CallsStatusNotApprovedError',
    })
  })

  it('waitForCallsStatus gives up after its timeout while the batch is pending', async () => {
    const pending = {
      request: async (args: { method: string; params?: unknown }) =>
        args.method === 'wallet_getCallsStatus'
          ? { version: '2.0.0', id: '0x01', chainId: '0x7a69', status: 100, atomic: true }
          : wallet.request(args),
    }
    const connector = announced({
      info: { uuid: 'slow', name: 'Slow Wallet', icon: '', rdns: 'dev.latch.slow' },
      provider: pending,
    })
    const config = createLatchConfig({
      networks: [{ ...testNetwork, rpcUrl: anvil.rpcUrl }],
      apiUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      connectors: [connector],
      storage: createTestStorage(),
    })
    await connect(config, { connectorId: connector.id })
    const started = Date.now()
    await expect(
      waitForCallsStatus(config, { id: '0x01', timeout: 300, pollingInterval: 50 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [CallsStatusTimeoutError: The wallet did not confirm the batch of calls in time.

      Details: Batch "0x01" was still pending after 300 ms.]
    `)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
