import { describe, expect, it, vi } from 'vitest'
import { cancelConnect } from './actions/cancelConnect.ts'
import { connect } from './actions/connect.ts'
import { disconnect } from './actions/disconnect.ts'
import { reconnect } from './actions/reconnect.ts'
import { type ConnectionStatus, createLatchConfig, type LatchConfig } from './createLatchConfig.ts'
import {
  legacyRecentConnectorStorageKey,
  storageKeys,
  storageVersion,
} from './storage/createLatchStorage.ts'
import {
  createFakeConnector as fakeConnector,
  createTestStorage as memoryStorage,
} from './testing/createFakeConnector.ts'
import type { EventLike, EventTargetLike } from './types.ts'
import type { LatchNetwork } from './webConfig/parseLatchWebConfig.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const network: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

function recordStatuses(config: LatchConfig): ConnectionStatus[] {
  const statuses: ConnectionStatus[] = []
  config.subscribe((state, previous) => {
    if (state.status !== previous.status) statuses.push(state.status)
  })
  return statuses
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('connect', () => {
  it('goes connecting -> connected and follows account and chain changes', async () => {
    const wallet = fakeConnector()
    const storage = memoryStorage()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const statuses = recordStatuses(config)
    const promise = connect(config, { connectorId: 'fake' })
    expect(config.getState()).toMatchObject({ status: 'connecting', connectorId: 'fake' })
    wallet.emitter.emit('displayUri', 'wc:abc@2')
    expect(config.getState().pairingUri).toBe('wc:abc@2')
    wallet.approve()
    await expect(promise).resolves.toEqual({ accounts: [address], chainId: 31337 })
    expect(config.getState()).toMatchObject({
      status: 'connected',
      address,
      chainId: 31337,
      pairingUri: undefined,
    })
    expect(storage.map.get(storageKeys.connectedConnectorIds)).toBe('{"eip155":"fake"}')
    expect(storage.map.get(storageKeys.activeCaipNetworkId)).toBe('"eip155:31337"')

    wallet.emitter.emit('accountsChanged', [other])
    wallet.emitter.emit('chainChanged', 31339)
    expect(config.getState()).toMatchObject({ address: other, chainId: 31339 })

    wallet.emitter.emit('accountsChanged', [])
    expect(config.getState().status).toBe('disconnected')
    expect(storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected'])
  })

  it('records a rejection in the wallet as UserRejectedRequestError and recovers on retry', async () => {
    const wallet = fakeConnector()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const first = connect(config, { connectorId: 'fake' })
    wallet.reject({ code: 4001, message: 'User rejected the request.' })
    await expect(first).rejects.toThrowErrorMatchingInlineSnapshot(
      `[UserRejectedRequestError: User rejected the request.]`,
    )
    expect(config.getState().status).toBe('disconnected')
    expect(config.getState().error?.name).toBe('UserRejectedRequestError')

    const second = connect(config, { connectorId: 'fake' })
    expect(config.getState().error).toBeUndefined()
    wallet.approve()
    await second
    expect(config.getState().status).toBe('connected')
  })

  it('treats a WalletConnect session rejection (5000) as a user rejection', async () => {
    const wallet = fakeConnector()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.reject({ code: 5000, message: 'User rejected.' })
    await expect(attempt).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  })

  it('keeps other wallet errors with their message', async () => {
    const wallet = fakeConnector()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.reject(Object.assign(new Error('Wallet is locked'), { code: -32002 }))
    await expect(attempt).rejects.toMatchObject({
      name: 'ProviderRequestError',
      shortMessage: 'Wallet is locked.',
      code: -32002,
    })
  })

  it('refuses an unknown connector and a second connection', async () => {
    const wallet = fakeConnector()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    await expect(connect(config, { connectorId: 'nope' })).rejects.toThrow(
      'Connector "nope" was not found.',
    )
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await attempt
    await expect(connect(config, { connectorId: 'fake' })).rejects.toThrow(
      'Connector already connected.',
    )
  })

  it('ignores and drops a connection that lands after cancelConnect', async () => {
    const wallet = fakeConnector()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const attempt = connect(config, { connectorId: 'fake' })
    cancelConnect(config)
    expect(config.getState()).toMatchObject({ status: 'disconnected', error: undefined })
    wallet.approve()
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectionCancelledError' })
    expect(config.getState().status).toBe('disconnected')
    expect(wallet.disconnects()).toBe(1)
  })
})

describe('disconnect', () => {
  it('resets the state and stops following the wallet', async () => {
    const wallet = fakeConnector()
    const storage = memoryStorage()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await attempt
    await disconnect(config)
    expect(config.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    expect(wallet.disconnects()).toBe(1)
    expect(storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
    // Recent wallets and the last chain outlive the connection.
    expect(config.getState().recentWallets).toEqual([{ id: 'fake', name: 'Wallet fake' }])
    expect(storage.map.has(storageKeys.recentWallets)).toBe(true)
    wallet.emitter.emit('accountsChanged', [other])
    expect(config.getState().address).toBeUndefined()
  })

  it('says "Failed to disconnect." when the wallet fails, with the state reset anyway', async () => {
    const wallet = fakeConnector()
    wallet.connector.disconnect = async () => {
      throw new Error('relay down')
    }
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await attempt
    await expect(disconnect(config)).rejects.toThrow('Failed to disconnect.')
    expect(config.getState().status).toBe('disconnected')
  })
})

describe('reconnect', () => {
  it('waits for the remembered wallet to be announced, then restores it without a prompt', async () => {
    const host = globalThis as unknown as {
      EventTarget: new () => EventTargetLike
      CustomEvent: new (type: string, init: { detail: unknown }) => EventLike
    }
    const target = new host.EventTarget()
    const storage = memoryStorage()
    // Written by the version 1 code: migrated, so the session still restores.
    storage.setItem(legacyRecentConnectorStorageKey, 'dev.latch.later')
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      announceTarget: target,
      storage,
    })
    const statuses = recordStatuses(config)
    reconnect(config)
    expect(config.getState().status).toBe('disconnected')

    const requests: string[] = []
    const provider = {
      async request({ method }: { method: string }) {
        requests.push(method)
        if (method === 'eth_accounts') return [address.toLowerCase()]
        if (method === 'eth_chainId') return '0x7a69'
        throw new Error(`unexpected ${method}`)
      },
    }
    const info = { uuid: 'u', name: 'Later Wallet', icon: '', rdns: 'dev.latch.later' }
    target.dispatchEvent(
      new host.CustomEvent('eip6963:announceProvider', { detail: { info, provider } }),
    )
    expect(config.getState().status).toBe('reconnecting')
    // Polled, not a fixed number of ticks: the restore's awaits vary with the machine's load.
    await vi.waitFor(() =>
      expect(config.getState()).toMatchObject({ status: 'connected', address, chainId: 31337 }),
    )
    expect(requests).toEqual(['eth_accounts', 'eth_accounts', 'eth_chainId'])
    expect(statuses).toEqual(['reconnecting', 'connected'])
  })

  it('forgets a wallet that no longer authorizes the app', async () => {
    const wallet = fakeConnector()
    const storage = memoryStorage()
    storage.setItem(storageKeys.connectedConnectorIds, '{"eip155":"fake"}')
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    reconnect(config)
    expect(config.getState().status).toBe('reconnecting')
    await tick()
    expect(config.getState().status).toBe('disconnected')
    expect(storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
  })

  it('reconnects an authorized wallet', async () => {
    const wallet = fakeConnector()
    wallet.authorize()
    const storage = memoryStorage()
    storage.setItem(storageKeys.connectedConnectorIds, '{"eip155":"fake"}')
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    reconnect(config)
    await tick()
    expect(wallet.pending[0]?.isReconnecting).toBe(true)
    wallet.approve()
    await tick()
    expect(config.getState().status).toBe('connected')
  })
})

describe('createLatchConfig', () => {
  it('resolves options and creates a toast store per instance', () => {
    const a = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      options: { allowUnsupportedChain: true, features: { collapseWallets: true } },
    })
    const b = createLatchConfig({ networks: [network], apiUrl: 'http://api', projectId: 'p' })
    expect(a.options).toMatchObject({
      allowUnsupportedChain: true,
      features: { collapseWallets: true },
    })
    expect(b.options).toMatchObject({
      allowUnsupportedChain: false,
      features: { collapseWallets: false },
    })
    expect(a.toasts).not.toBe(b.toasts)
    a.toasts.show({ variant: 'loading', message: 'Connecting' })
    expect(a.toasts.getState().open).toBe(true)
    expect(b.toasts.getState().open).toBe(false)
  })

  it('loads the recent wallets and migrates storage on creation', () => {
    const storage = memoryStorage()
    storage.setItem(storageKeys.recentWallets, '[{"id":"rainbow","name":"Rainbow"}]')
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      storage,
    })
    expect(config.getState().recentWallets).toEqual([{ id: 'rainbow', name: 'Rainbow' }])
    expect(storage.map.get(storageKeys.version)).toBe(String(storageVersion))
  })
})

describe('connect and storage', () => {
  const alpha: LatchNetwork = {
    ...network,
    id: 31339,
    name: 'Latch Devnet Alpha',
    caipNetworkId: 'eip155:31339',
  }

  it('asks for the last used chain when still configured, else the first network', async () => {
    const wallet = fakeConnector()
    const storage = memoryStorage()
    storage.setItem(storageKeys.activeCaipNetworkId, '"eip155:31339"')
    const config = createLatchConfig({
      networks: [network, alpha],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    void connect(config, { connectorId: 'fake' }).catch(() => {})
    expect(wallet.pending[0]?.chainId).toBe(31339)
    cancelConnect(config)
    storage.setItem(storageKeys.activeCaipNetworkId, '"eip155:1"')
    void connect(config, { connectorId: 'fake' }).catch(() => {})
    expect(wallet.pending[1]?.chainId).toBe(31337)
  })

  it('remembers the wallet listing picked, newest first, at most 2', async () => {
    const wallet = fakeConnector('walletConnect', 'WALLET_CONNECT')
    const storage = memoryStorage()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const listing = {
      id: 'rainbow',
      name: 'Rainbow',
      icon: 'http://api/getWalletImage/rainbow',
      rdns: 'me.rainbow',
      mobile_link: 'rainbow://',
      desktop_link: null,
      webapp_link: null,
    }
    for (const entry of [{ ...listing, id: 'a' }, { ...listing, id: 'b' }, listing]) {
      const attempt = connect(config, { connectorId: 'walletConnect', wallet: entry })
      wallet.approve()
      await attempt
      await disconnect(config)
    }
    expect(config.getState().recentWallets.map((w) => w.id)).toEqual(['rainbow', 'b'])
    expect(config.getState().recentWallets[0]).toEqual({
      id: 'rainbow',
      name: 'Rainbow',
      icon: 'http://api/getWalletImage/rainbow',
      rdns: 'me.rainbow',
      mobile_link: 'rainbow://',
    })
    expect(JSON.parse(storage.map.get(storageKeys.recentWallets) ?? '')).toHaveLength(2)
  })

  it('does not add WalletConnect itself to the recent wallets without a listing', async () => {
    const wallet = fakeConnector('walletConnect', 'WALLET_CONNECT')
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
    })
    const attempt = connect(config, { connectorId: 'walletConnect' })
    wallet.approve()
    await attempt
    expect(config.getState().recentWallets).toEqual([])
  })

  it('records the chain the wallet moves to as the last used chain, if configured', async () => {
    const wallet = fakeConnector()
    const storage = memoryStorage()
    const config = createLatchConfig({
      networks: [network, alpha],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await attempt
    wallet.emitter.emit('chainChanged', 31339)
    expect(storage.map.get(storageKeys.activeCaipNetworkId)).toBe('"eip155:31339"')
    wallet.emitter.emit('chainChanged', 1)
    expect(config.getState().chainId).toBe(1)
    expect(storage.map.get(storageKeys.activeCaipNetworkId)).toBe('"eip155:31339"')
  })
})

describe('disconnect failures', () => {
  it('records DisconnectFailedError in the state, with everything else reset', async () => {
    const wallet = fakeConnector()
    wallet.connector.disconnect = async () => {
      throw new Error('relay down')
    }
    const storage = memoryStorage()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api',
      projectId: 'p',
      connectors: [wallet.connector],
      storage,
    })
    const attempt = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await attempt
    await expect(disconnect(config)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [DisconnectFailedError: Failed to disconnect.

      Details: relay down]
    `)
    expect(config.getState()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      chainId: undefined,
      connectorId: undefined,
      error: { name: 'DisconnectFailedError' },
    })
    expect(storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
    // The next connection starts clean.
    void connect(config, { connectorId: 'fake' }).catch(() => {})
    expect(config.getState().error).toBeUndefined()
  })
})
