import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { getIsUnsupportedChain } from './getIsUnsupportedChain.ts'

const network = (id: number): LatchNetwork => ({
  id,
  name: `Chain ${id}`,
  caipNetworkId: `eip155:${id}`,
  rpcUrl: 'http://127.0.0.1:4174',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

async function connected() {
  const wallet = createFakeConnector()
  const config = createLatchConfig({
    networks: [network(31337), network(31339)],
    apiUrl: 'http://api',
    projectId: 'p',
    connectors: [wallet.connector],
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve()
  await attempt
  return { wallet, config }
}

describe('getIsUnsupportedChain', () => {
  it('is true only when connected on a chain the app did not configure', async () => {
    const { wallet, config } = await connected()
    expect(getIsUnsupportedChain(config.getState(), config)).toBe(false)
    wallet.emitter.emit('chainChanged', 1)
    expect(config.getState().chainId).toBe(1)
    expect(getIsUnsupportedChain(config.getState(), config)).toBe(true)
    wallet.emitter.emit('chainChanged', 31339)
    expect(getIsUnsupportedChain(config.getState(), config)).toBe(false)
    expect(getIsUnsupportedChain({ status: 'connecting', chainId: 1 }, config)).toBe(false)
    expect(getIsUnsupportedChain({ status: 'connected', chainId: undefined }, config)).toBe(false)
  })
})
