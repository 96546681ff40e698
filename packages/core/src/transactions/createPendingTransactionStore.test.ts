import { anvilAccounts, startTestAnvil } from '@latch/test'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { sendTransfer } from '../actions/sendTransfer.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createLatchStorage, createMemoryStorage } from '../storage/createLatchStorage.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { pendingTransactionsPollingMs } from '../timings.ts'
import type { Hex, KeyValueStorage } from '../types.ts'
import { createPendingTransactionStore } from './createPendingTransactionStore.ts'
import type { PendingTransaction, SettledTransaction } from './PendingTransaction.ts'

const [sender, receiver] = anvilAccounts.map((account) => account.address) as [Hex, Hex]
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const entry = (n: number): PendingTransaction => ({
  hash: hashOf(n),
  chainId: 31337,
  from: sender,
  amount: '1',
  symbol: 'ETH',
  submittedAt: n,
})
const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('createPendingTransactionStore (fake receipts)', () => {
  it('keeps at most 99, newest first, persisted for the next instance', () => {
    const storage = createLatchStorage(createMemoryStorage())
    const store = createPendingTransactionStore({ storage, checkReceipt: async () => undefined })
    for (let n = 1; n <= 120; n++) store.add(entry(n))
    expect(store.getState()).toHaveLength(99)
    expect(store.getState()[0]?.hash).toBe(hashOf(120))
    const reloaded = createPendingTransactionStore({ storage, checkReceipt: async () => undefined })
    expect(reloaded.getState()).toEqual(store.getState())
  })

  it('checks once when first watched; polls every 30 s only when polling is on', async () => {
    for (const polling of [false, true]) {
      const fake = createFakeScheduler()
      const storage = createLatchStorage(createMemoryStorage())
      let checks = 0
      const store = createPendingTransactionStore({
        storage,
        scheduler: fake.scheduler,
        polling,
        checkReceipt: async () => {
          checks += 1
          return checks === 3 ? 'reverted' : undefined
        },
      })
      store.add(entry(1))
      const settled: SettledTransaction[] = []
      const stop = store.watch((transaction) => settled.push(transaction))
      await flush()
      expect(checks).toBe(1)
      for (const _ of [1, 2]) {
        fake.advance(pendingTransactionsPollingMs - 1)
        await flush()
        fake.advance(1)
        await flush()
      }
      expect(checks).toBe(polling ? 3 : 1)
      expect(settled).toEqual(polling ? [{ ...entry(1), status: 'failed', via: 'check' }] : [])
      expect(store.getState()).toHaveLength(polling ? 0 : 1)
      stop()
      expect(fake.pending()).toBe(0)
    }
  })
})

describe('pending transactions on anvil', () => {
  let anvil: Awaited<ReturnType<typeof startTestAnvil>>
  beforeAll(async () => {
    anvil = await startTestAnvil()
  })
  afterAll(() => anvil?.stop())

  const networks = () => [
    {
      id: 31337,
      name: 'Latch Devnet',
      caipNetworkId: 'eip155:31337' as const,
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ]

  async function connectedConfig(storage: KeyValueStorage) {
    const wallet = createFakeConnector()
    wallet.answer((args) => anvil.wallet.request(args))
    const config = createLatchConfig({
      networks: networks(),
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve([sender], 31337)
    await attempt
    return config
  }

  it('tracks a sent transaction held in the mempool; after a reload it settles as confirmed', async () => {
    const storage = createMemoryStorage()
    const config = await connectedConfig(storage)
    await anvil.rpc('evm_setAutomine', [false])
    try {
      let submitted: Hex | undefined
      const sending = sendTransfer(config, {
        to: receiver,
        token: {},
        amount: 1000n,
        summary: { amount: '0.000000000000001', symbol: 'ETH' },
        onSubmitted: (hash) => {
          submitted = hash
        },
      })
      while (!submitted) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(config.transactions.getState()).toMatchObject([
        { hash: submitted, chainId: 31337, from: sender, to: receiver, symbol: 'ETH' },
      ])

      // A reload: a new config on the same storage still has it pending, and re-checks it.
      const reloaded = createLatchConfig({
        networks: networks(),
        apiUrl: 'http://api',
        projectId: 'p',
        storage,
      })
      expect(reloaded.transactions.getState().map((entry) => entry.hash)).toEqual([submitted])
      const outcome = new Promise<SettledTransaction>((resolve) => {
        reloaded.transactions.watch(resolve)
      })
      // Still in the mempool: nothing settles until it is mined.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(reloaded.transactions.getState()).toHaveLength(1)
      await anvil.rpc('evm_mine')
      await expect(outcome).resolves.toMatchObject({
        hash: submitted,
        status: 'confirmed',
        via: 'check',
      })
      expect(reloaded.transactions.getState()).toEqual([])
      await expect(sending).resolves.toMatchObject({ hash: submitted })
      expect(config.transactions.getState()).toEqual([])
      // Settled: gone from storage too.
      expect(createLatchStorage(storage).getPendingTransactions()).toEqual([])
    } finally {
      await anvil.rpc('evm_setAutomine', [true])
    }
  }, 30_000)

  it('settles a reverted transaction as failed when re-checked by hash', async () => {
    // A contract whose code is PUSH1 0 PUSH1 0 REVERT: every call reverts.
    const deployHash = (await anvil.rpc('eth_sendTransaction', [
      { from: sender, data: '0x6460006000fd6000526005601bf3' },
    ])) as Hex
    // Read until mined: on a loaded machine the receipt may come a moment after the hash.
    const deployed = await vi.waitFor(
      async () => {
        const receipt = (await anvil.rpc('eth_getTransactionReceipt', [deployHash])) as {
          contractAddress: Hex
        } | null
        if (!receipt) throw new Error('Not mined yet.')
        return receipt
      },
      { timeout: 10_000, interval: 100 },
    )
    const hash = (await anvil.rpc('eth_sendTransaction', [
      { from: sender, to: deployed.contractAddress, gas: '0x30000' },
    ])) as Hex
    const storage = createMemoryStorage()
    createLatchStorage(storage).setPendingTransactions([
      { hash, chainId: 31337, from: sender, submittedAt: Date.now() },
    ])
    const config = createLatchConfig({
      networks: networks(),
      apiUrl: 'http://api',
      projectId: 'p',
      storage,
    })
    const outcome = await new Promise<SettledTransaction>((resolve) => {
      config.transactions.watch(resolve)
    })
    expect(outcome).toMatchObject({ hash, status: 'failed', via: 'check' })
    expect(config.transactions.getState()).toEqual([])
  }, 30_000)
})
