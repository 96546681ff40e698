import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { NetworkNotFoundError } from '../errors/network.ts'
import { storageKeys } from '../storage/createLatchStorage.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { checkStoredNetwork } from './checkStoredNetwork.ts'
import { reconnect } from './reconnect.ts'

function setup(stored?: string) {
  const storage = createTestStorage()
  if (stored) storage.setItem(storageKeys.activeCaipNetworkId, JSON.stringify(stored))
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test',
    projectId: 'p',
    storage,
  })
  return { config, storage }
}

describe('checkStoredNetwork', () => {
  it('accepts a configured network, and no stored one', () => {
    expect(checkStoredNetwork(setup(testNetwork.caipNetworkId).config)).toBeUndefined()
    expect(checkStoredNetwork(setup().config)).toBeUndefined()
  })

  it('a network the app no longer has: Network Not Found, and the first network instead', () => {
    const { config } = setup('eip155:10')
    const error = checkStoredNetwork(config)
    expect(error).toBeInstanceOf(NetworkNotFoundError)
    expect(error?.details).toContain('"eip155:10" is not one of the configured networks')
    expect(config.storage.getActiveCaipNetworkId()).toBe(testNetwork.caipNetworkId)
    // Said once: the next visit starts on the first network without a word.
    expect(checkStoredNetwork(config)).toBeUndefined()
  })

  it('reconnect with nothing to restore puts the error in the state, for the page to show', () => {
    const { config } = setup('eip155:10')
    reconnect(config)()
    expect(config.getState()).toMatchObject({ status: 'disconnected' })
    expect(config.getState().error).toBeInstanceOf(NetworkNotFoundError)
  })
})
