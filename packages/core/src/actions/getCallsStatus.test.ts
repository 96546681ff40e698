import { describe, expect, it } from 'vitest'
import type { Connector } from '../connectors/types.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import {
  createFakeConnector,
  createTestStorage,
  testAddress,
} from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import type { FetchLike } from '../types.ts'
import { connect } from './connect.ts'
import { getCallsStatus } from './getCallsStatus.ts'

const userOpHash = `0x${'cd'.repeat(32)}`
const txHash = `0x${'ef'.repeat(32)}`

/** A WalletConnect wallet without wallet_getCallsStatus whose session names a bundler. */
async function setup(sessionProperties: Record<string, string>, fetch: FetchLike) {
  const fake = createFakeConnector('wc', 'WALLET_CONNECT')
  fake.answer(() => {
    throw Object.assign(new Error('Method not found'), { code: -32601 })
  })
  const connector: Connector = {
    ...fake.connector,
    getSession: () => ({
      topic: 't',
      expiry: 0,
      namespaces: {},
      peer: { name: 'Phone', icons: [], url: '' },
      sessionProperties,
    }),
  }
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
    fetch,
  })
  const connecting = connect(config, { connectorId: connector.id })
  await new Promise((resolve) => setTimeout(resolve, 0))
  fake.approve([testAddress], 31337)
  await connecting
  return config
}

function bundler(answer: { status: number; body: unknown }) {
  const calls: { url: string; body: unknown }[] = []
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, body: JSON.parse(init?.body ?? 'null') })
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body }
  }
  return { fetch, calls }
}

describe('getCallsStatus through the bundler a WalletConnect session names', () => {
  it('bundler_name: the Latch API endpoint answers the user operation receipt', async () => {
    const { fetch, calls } = bundler({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          success: true,
          receipt: { transactionHash: txHash, status: '0x1', blockNumber: '0x10' },
        },
      },
    })
    const config = await setup({ bundler_name: 'alto', bundler_url: 'https://x.test' }, fetch)
    await expect(getCallsStatus(config, { id: userOpHash })).resolves.toEqual({
      status: 'success',
      statusCode: 200,
      atomic: true,
      receipts: [{ transactionHash: txHash, status: 'success', blockNumber: 16n }],
    })
    expect(calls).toEqual([
      {
        url: 'http://api.test/v1/bundler?projectId=p&chainId=eip155%3A31337&bundler=alto',
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getUserOperationReceipt',
          params: [userOpHash],
        },
      },
    ])
  })

  it('bundler_url: that URL; no receipt yet is pending', async () => {
    const { fetch, calls } = bundler({ status: 200, body: { jsonrpc: '2.0', id: 1, result: null } })
    const config = await setup({ bundler_url: 'https://bundler.example/rpc' }, fetch)
    await expect(getCallsStatus(config, { id: userOpHash })).resolves.toMatchObject({
      status: 'pending',
      statusCode: 100,
    })
    expect(calls[0]?.url).toBe('https://bundler.example/rpc')
  })

  it("non-OK: 'Failed to fetch user operation receipt - {status}'", async () => {
    const { fetch } = bundler({ status: 503, body: {} })
    const config = await setup({ bundler_name: 'alto' }, fetch)
    await expect(
      getCallsStatus(config, { id: userOpHash }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[UserOperationReceiptError: Failed to fetch user operation receipt - 503]`,
    )
  })

  it("no bundler in the session: 'Fetching call status not approved by the wallet.'", async () => {
    const { fetch, calls } = bundler({ status: 200, body: {} })
    const config = await setup({}, fetch)
    await expect(getCallsStatus(config, { id: userOpHash })).rejects.toMatchObject({
      name: 'CallsStatusNotApprovedError',
    })
    expect(calls).toEqual([])
  })
})
