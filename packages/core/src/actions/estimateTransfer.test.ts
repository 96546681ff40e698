import { anvilAccounts, startTestAnvil } from '@latch/test'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import type { Hex } from '../types.ts'
import { connect } from './connect.ts'
import { estimateTransfer } from './estimateTransfer.ts'

let anvil: Awaited<ReturnType<typeof startTestAnvil>>
beforeAll(async () => {
  anvil = await startTestAnvil()
})
afterAll(() => anvil?.stop())

const [sender, receiver] = anvilAccounts.map((account) => account.address) as [Hex, Hex]

async function connected() {
  const wallet = createFakeConnector()
  wallet.answer((args) => anvil.wallet.request(args))
  const config = createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: 'http://api',
    projectId: 'p',
    connectors: [wallet.connector],
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve([sender], 31337)
  await attempt
  return config
}

describe('estimateTransfer', () => {
  it("estimates the gas and fee of a native transfer on the chain's RPC", async () => {
    const config = await connected()
    const estimate = await estimateTransfer(config, {
      to: receiver,
      token: {},
      amount: parseEther('1'),
    })
    expect(estimate.gas).toBe(21_000n)
    expect(estimate.feePerGas).toBeGreaterThan(0n)
    expect(estimate.fee).toBe(estimate.gas * estimate.feePerGas)
    // Without a receiver or an amount: a transfer to oneself of nothing, the same cost.
    expect((await estimateTransfer(config, { token: {} })).gas).toBe(21_000n)
  })

  it('estimates the call a token transfer makes', async () => {
    const config = await connected()
    // An address without code takes any call; the calldata makes it cost more than 21000.
    const estimate = await estimateTransfer(config, {
      to: receiver,
      token: { address: 'eip155:31337:0x00000000000000000000000000000000000000aa' },
      amount: 1n,
    })
    expect(estimate.gas).toBeGreaterThan(21_000n)
  })

  it('fails clearly: unsupported namespace, or the RPC refuses', async () => {
    const config = await connected()
    await expect(
      estimateTransfer(config, { namespace: 'near', token: {} }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [TransferChainUnsupportedError: Unsupported chain.

      Details: Transfers on "near" chains are not supported.]
    `)
    // A token contract that reverts every call.
    const token = '0x00000000000000000000000000000000000000bb'
    await anvil.rpc('anvil_setCode', [token, '0x60006000fd'])
    await expect(
      estimateTransfer(config, { token: { address: token }, amount: 1n }),
    ).rejects.toMatchObject({
      name: 'TransferEstimateError',
      shortMessage: 'The network fee could not be estimated.',
    })
  })
})
