import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { anvilAccounts } from './accounts.ts'
import { createDevnetClients, type DevnetClients } from './createDevnetClients.ts'
import { createTransactionQueue, type TransactionQueue } from './createTransactionQueue.ts'
import { DevnetTransactionError } from './errors.ts'
import { findFreePort } from './findFreePort.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'

let anvil: StartAnvilReturnType
let clients: DevnetClients
let queue: TransactionQueue
const recipient = anvilAccounts[5]?.address as `0x${string}`

beforeAll(async () => {
  const port = await findFreePort()
  anvil = await startAnvil({ chainId: 31337, port })
  clients = createDevnetClients({
    chainId: 31337,
    name: 'Latch Devnet',
    rpcUrl: anvil.rpcUrl,
    account: privateKeyToAccount(anvilAccounts[0]?.privateKey as `0x${string}`),
  })
  queue = createTransactionQueue(clients)
})

afterAll(async () => {
  await anvil?.stop()
})

test('jobs queued at once run one after the other, each transaction mined before the next', async () => {
  const sent: string[] = []
  const receipts = (
    await Promise.all(
      [0, 1, 2, 3, 4].map((job) =>
        queue.run(async (send) => {
          const mined = []
          for (const step of [0, 1, 2]) {
            sent.push(`${job}.${step}`)
            mined.push(await send(`pay ${job}.${step}`, { to: recipient, value: 1n }))
          }
          return mined
        }),
      ),
    )
  ).flat()

  expect(sent).toEqual([0, 1, 2, 3, 4].flatMap((job) => [0, 1, 2].map((step) => `${job}.${step}`)))
  expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
  // One transaction per block, in the order sent, with consecutive nonces from 0.
  const blocks = receipts.map((receipt) => Number(receipt.blockNumber))
  expect(blocks).toEqual(blocks.map((_, index) => (blocks[0] as number) + index))
  const nonces = await Promise.all(
    receipts.map(async (receipt) => {
      const transaction = await clients.publicClient.getTransaction({
        hash: receipt.transactionHash,
      })
      return transaction.nonce
    }),
  )
  expect(nonces).toEqual(receipts.map((_, index) => index))
  expect(await clients.testClient.getTxpoolStatus()).toEqual({ pending: 0, queued: 0 })
})

test('a failing step names the chain and the step; the queue goes on', async () => {
  // Init code that reverts: PUSH1 0, PUSH1 0, REVERT.
  const failing = queue.run((send) => send('deploy Broken', { data: '0x60006000fd' }))
  const next = queue.run((send) => send('pay after the failure', { to: recipient, value: 1n }))

  const error = await failing.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(DevnetTransactionError)
  expect(error).toMatchObject({ chainId: 31337, step: 'deploy Broken' })
  expect((error as Error).message).toMatch(
    /^Step "deploy Broken" failed on Latch Devnet \(31337\): /,
  )
  expect((await next).status).toBe('success')
})

test('a transaction sent from the owner key outside the queue does not break the nonce count', async () => {
  const nonce = await clients.publicClient.getTransactionCount({
    address: clients.walletClient.account.address,
  })
  await clients.walletClient.sendTransactionSync({ to: recipient, value: 1n, nonce })
  const receipt = await queue.run((send) =>
    send('pay after an outside one', { to: recipient, value: 1n }),
  )
  expect(receipt.status).toBe('success')
})

test('anvil gone: the step fails with a clear error instead of waiting', async () => {
  await anvil.stop()
  await expect(
    queue.run((send) => send('pay with anvil gone', { to: recipient, value: 1n })),
  ).rejects.toThrow(
    /^Step "pay with anvil gone" failed on Latch Devnet \(31337\): anvil did not answer/,
  )
})
