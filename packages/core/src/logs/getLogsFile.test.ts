import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { switchChain } from '../actions/switchChain.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector, testAddress } from '../testing/createFakeConnector.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { getLogsFile } from './getLogsFile.ts'

const network: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

function setUp(parameters: { logLevel?: 'warn' | 'error' | 'silent' } = {}) {
  const wallet = createFakeConnector()
  const config = createLatchConfig({
    networks: [network, { ...network, id: 31339, caipNetworkId: 'eip155:31339', name: 'Alpha' }],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [wallet.connector],
    ...parameters,
  })
  return { config, wallet }
}

describe('logs written by actions, downloaded as a file', () => {
  it('a failed connect is an error entry (default level), with no key even when the wallet says one', async () => {
    const { config, wallet } = setUp()
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.reject(Object.assign(new Error(`internal: key ${privateKey}`), { code: -32603 }))
    await attempt.catch(() => {})
    const [entry] = config.logs.entries()
    expect(entry).toMatchObject({ level: 'error', message: 'Connecting the wallet failed.' })
    expect(entry?.context).toMatchObject({ connectorId: 'fake' })
    const file = getLogsFile(config, { now: new Date('2026-11-24T17:00:00Z') })
    expect(file.filename).toBe('latch-logs-2026-11-24T17-00-00-000Z.json')
    expect(file.type).toBe('application/json')
    const body = JSON.parse(file.text)
    expect(body).toMatchObject({
      logLevel: 'error',
      logBufferBytes: 1_024_000,
      connection: { status: 'disconnected' },
      entries: [{ level: 'error', message: 'Connecting the wallet failed.' }],
    })
    expect(file.text).not.toContain(privateKey.slice(2))
  })

  it('a failed chain switch is logged with the connected address in the file; silent logs nothing', async () => {
    const { config, wallet } = setUp({ logLevel: 'error' })
    const connecting = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await connecting
    wallet.answer(() => {
      throw Object.assign(new Error('boom'), { code: -32603 })
    })
    await expect(switchChain(config, { chainId: 31339 })).rejects.toThrow()
    const file = JSON.parse(getLogsFile(config).text)
    expect(file.connection).toMatchObject({ status: 'connected', address: testAddress })
    expect(file.entries.map((entry: { message: string }) => entry.message)).toContain(
      'Switching the chain failed.',
    )

    const quiet = setUp({ logLevel: 'silent' })
    const attempt = connect(quiet.config, { connectorId: 'fake' })
    quiet.wallet.reject(new Error('nope'))
    await attempt.catch(() => {})
    expect(quiet.config.logs.entries()).toEqual([])
  })
})
