import { describe, expect, it } from 'vitest'
import type { Connector } from '../connectors/types.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import {
  createFakeConnector,
  createTestStorage,
  testAddress,
} from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { connect } from './connect.ts'
import { getCapabilities, supportsAssetDiscovery, supportsAtomicBatch } from './getCapabilities.ts'

/** A WalletConnect-like wallet whose session may carry properties. */
async function setup(sessionProperties?: Record<string, string>) {
  const fake = createFakeConnector('wc', 'WALLET_CONNECT')
  const connector: Connector = {
    ...fake.connector,
    getSession: () => ({
      topic: 't',
      expiry: 0,
      namespaces: {},
      peer: { name: 'Phone', icons: [], url: '' },
      ...(sessionProperties ? { sessionProperties } : {}),
    }),
  }
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://127.0.0.1:1',
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
  })
  const connecting = connect(config, { connectorId: connector.id })
  await Promise.resolve()
  await new Promise((resolve) => setTimeout(resolve, 0))
  fake.approve([testAddress], 31337)
  await connecting
  return { config, fake }
}

describe('getCapabilities', () => {
  it('requires the address (spec section 5)', async () => {
    const { config } = await setup()
    await expect(
      getCapabilities(config, { address: '' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[CapabilitiesAddressRequiredError: wallet_getCapabilities requires an address parameter.]`,
    )
  })

  it("reads a WalletConnect session's capabilities by address first, without asking the wallet", async () => {
    const { config, fake } = await setup({
      capabilities: JSON.stringify({
        [testAddress.toLowerCase()]: {
          '0x0': { assetDiscovery: { supported: true } },
          '0x7a69': { atomic: { status: 'ready' } },
        },
      }),
    })
    const capabilities = await getCapabilities(config, { address: testAddress })
    expect(capabilities).toEqual({
      assetDiscovery: { supported: true },
      atomic: { status: 'ready' },
    })
    expect(supportsAtomicBatch(capabilities)).toBe(true)
    expect(supportsAssetDiscovery(capabilities)).toBe(true)
    expect(fake.requests.filter((r) => r.method === 'wallet_getCapabilities')).toEqual([])
  })

  it('asks the wallet for another address, or when the session has none', async () => {
    const { config, fake } = await setup({ capabilities: '{"0xabc": {}}' })
    fake.answer(({ method }) =>
      method === 'wallet_getCapabilities'
        ? { '0x7a69': { atomic: { status: 'unsupported' } } }
        : null,
    )
    const capabilities = await getCapabilities(config, { address: testAddress })
    expect(supportsAtomicBatch(capabilities)).toBe(false)
    expect(fake.requests.find((r) => r.method === 'wallet_getCapabilities')?.params).toEqual([
      testAddress,
      ['0x7a69'],
    ])
  })

  it("a wallet without the method: 'This application might not support Smart Accounts'", async () => {
    const { config, fake } = await setup()
    fake.answer(() => {
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    })
    await expect(getCapabilities(config, { address: testAddress })).rejects.toMatchObject({
      name: 'SmartAccountsUnsupportedError',
      shortMessage: 'This application might not support Smart Accounts',
    })
  })
})
