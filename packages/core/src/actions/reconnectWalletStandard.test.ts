import {
  createBitcoinTestWallet,
  createSolanaTestWallet,
  createWalletStandardTestPage,
} from '@latch/test'
import { getWallets } from '@wallet-standard/app'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { readBitcoinAddressNetworks } from '../connectors/walletStandard/readBitcoinAddressNetworks.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import { rpcTimeoutMs } from '../timings.ts'
import type { LatchCaipNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { connect } from './connect.ts'
import { reconnect } from './reconnect.ts'
import { watchWalletStandard } from './watchWalletStandard.ts'

const page = createWalletStandardTestPage({ getWallets })
const { evm, solana, regtest } = page.networks
const networks: readonly LatchCaipNetwork[] = [evm, solana, regtest]

const cleanups: (() => void)[] = []
beforeAll(() => page.open())
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  page.unregisterAll()
  vi.useRealTimers()
})

const register = page.register

function createConfig(
  storage = createTestStorage(),
  connectors: Parameters<typeof createLatchConfig>[0]['connectors'] = [],
) {
  const config = createLatchConfig({
    networks,
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors,
    storage,
  })
  cleanups.push(() => config.destroy())
  return { config, storage }
}

/** Connects a Wallet Standard wallet by prompt, then "reloads": a new config on the same storage. */
async function connectThenReload(connectorId: string, reloadWallet: () => void) {
  const { config, storage } = createConfig()
  await watchWalletStandard(config)
  await connect(config, { connectorId })
  expect(config.storage.getConnectedConnectorIds()).toMatchObject({
    [connectorId.split('.')[1] as string]: connectorId,
  })
  config.destroy()
  reloadWallet()
  return createConfig(storage)
}

describe('restoring Wallet Standard wallets after a reload', () => {
  it('Solana: a silent standard:connect brings back a wallet that lists no accounts yet', async () => {
    const phantom = await createSolanaTestWallet({
      name: 'Reload SOL',
      chains: [solana.caipNetworkId],
    })
    register(phantom.wallet)
    const { config } = await connectThenReload('walletStandard.solana.Reload SOL', () =>
      phantom.core.reload(),
    )
    // A real reload: the wallet lists nothing until asked, and any prompt would fail the restore.
    expect(phantom.wallet.accounts).toEqual([])
    phantom.core.rejectNextPrompt()
    const stop = reconnect(config)
    cleanups.push(stop)
    await expect.poll(() => config.getState().namespaces.solana?.address).toBe(phantom.address)
    expect(config.getState()).toMatchObject({
      status: 'connected',
      activeNamespace: 'solana',
      caipNetworkId: solana.caipNetworkId,
    })
  })

  it('Bitcoin: bitcoin:getAccountAddresses brings back the payment and ordinals addresses', async () => {
    const xverse = createBitcoinTestWallet({ name: 'Reload BTC', chains: ['bitcoin:regtest'] })
    register(xverse.wallet)
    const { config } = await connectThenReload('walletStandard.bip122.Reload BTC', () =>
      xverse.core.reload(),
    )
    expect(xverse.wallet.accounts).toEqual([])
    xverse.core.rejectNextPrompt()
    cleanups.push(reconnect(config))
    await expect.poll(() => config.getState().namespaces.bip122?.address).toBe(xverse.payment)
    expect(config.getState().namespaces.bip122?.accounts?.map((a) => a.address)).toEqual([
      xverse.payment,
      xverse.ordinals,
    ])
  })

  it('a wallet that no longer allows the page is forgotten, without a prompt', async () => {
    const wallet = await createSolanaTestWallet({
      name: 'Revoked SOL',
      chains: [solana.caipNetworkId],
    })
    register(wallet.wallet)
    // The person disconnected the site in the wallet meanwhile.
    const { config } = await connectThenReload('walletStandard.solana.Revoked SOL', () =>
      wallet.core.setAccounts([]),
    )
    wallet.core.rejectNextPrompt()
    cleanups.push(reconnect(config))
    await expect.poll(() => config.storage.getConnectedConnectorIds().solana).toBeUndefined()
    expect(config.getState()).toMatchObject({ status: 'disconnected', namespaces: {} })
    expect(wallet.wallet.accounts).toEqual([])
  })

  it('a wallet that never answers the silent request is given up after rpcTimeoutMs', async () => {
    const wallet = createBitcoinTestWallet({ name: 'Hung BTC', chains: ['bitcoin:regtest'] })
    register(wallet.wallet)
    const { config } = await connectThenReload('walletStandard.bip122.Hung BTC', () =>
      wallet.core.reload(),
    )
    const features = wallet.wallet.features as Record<string, { getAccountAddresses?: unknown }>
    const hang = new Promise<never>(() => {})
    features['bitcoin:getAccountAddresses'] = {
      ...features['bitcoin:getAccountAddresses'],
      getAccountAddresses: () => hang,
    }
    vi.useFakeTimers()
    cleanups.push(reconnect(config))
    await vi.advanceTimersByTimeAsync(rpcTimeoutMs - 1)
    expect(config.storage.getConnectedConnectorIds().bip122).toBe('walletStandard.bip122.Hung BTC')
    await vi.advanceTimersByTimeAsync(2)
    vi.useRealTimers()
    await expect.poll(() => config.storage.getConnectedConnectorIds().bip122).toBeUndefined()
    expect(config.getState().namespaces.bip122).toBeUndefined()
  })
})

describe('the network last used comes back on top after a reload', () => {
  async function connectSolanaThenBitcoin(prefix: string) {
    const phantom = await createSolanaTestWallet({
      name: `${prefix} SOL`,
      chains: [solana.caipNetworkId],
    })
    const xverse = createBitcoinTestWallet({ name: `${prefix} BTC`, chains: ['bitcoin:regtest'] })
    register(phantom.wallet)
    register(xverse.wallet)
    return { phantom, xverse }
  }

  it('Bitcoin on top before the reload stays on top, though Solana comes back first', async () => {
    const { phantom, xverse } = await connectSolanaThenBitcoin('Order')
    const { config, storage } = createConfig()
    await watchWalletStandard(config)
    await connect(config, { connectorId: 'walletStandard.solana.Order SOL' })
    await connect(config, { connectorId: 'walletStandard.bip122.Order BTC' })
    expect(config.getState().activeNamespace).toBe('bip122')
    config.destroy()
    phantom.core.reload()
    xverse.core.reload()

    const reloaded = createConfig(storage).config
    cleanups.push(reconnect(reloaded))
    await expect
      .poll(() => Object.keys(reloaded.getState().namespaces).sort())
      .toEqual(['bip122', 'solana'])
    expect(reloaded.getState()).toMatchObject({
      status: 'connected',
      activeNamespace: 'bip122',
      address: xverse.payment,
      caipNetworkId: regtest.caipNetworkId,
    })
    expect(reloaded.storage.getActiveCaipNetworkId()).toBe(regtest.caipNetworkId)
  })

  it('a Solana network last used stays on top when the EVM wallet comes back after it', async () => {
    const { phantom } = await connectSolanaThenBitcoin('Evm')
    const evmWallet = createFakeConnector('evm-wallet')
    const { config, storage } = createConfig(undefined, [evmWallet.connector])
    await watchWalletStandard(config)
    const connecting = connect(config, { connectorId: 'evm-wallet' })
    evmWallet.approve()
    await connecting
    await connect(config, { connectorId: 'walletStandard.solana.Evm SOL' })
    expect(config.getState().activeNamespace).toBe('solana')
    config.destroy()
    phantom.core.reload()

    const evmAgain = createFakeConnector('evm-wallet')
    evmAgain.authorize()
    const reloaded = createConfig(storage, [evmAgain.connector]).config
    cleanups.push(reconnect(reloaded))
    await expect.poll(() => reloaded.getState().namespaces.solana?.address).toBe(phantom.address)
    // The EVM wallet answers last: it comes back beside Solana, not on top of it.
    await expect.poll(() => evmAgain.pending.length).toBe(1)
    evmAgain.approve()
    await expect.poll(() => reloaded.getState().namespaces.eip155?.address).toBeDefined()
    await expect.poll(() => reloaded.getState().activeNamespace).toBe('solana')
    expect(reloaded.getState()).toMatchObject({ status: 'connected', address: phantom.address })
    expect(reloaded.storage.getActiveCaipNetworkId()).toBe(solana.caipNetworkId)
  })
})

describe('Bitcoin addresses of another network', () => {
  it("a wallet answering mainnet addresses on regtest is refused in the API's words", async () => {
    const wallet = createBitcoinTestWallet({
      name: 'Mainnet BTC',
      chains: ['bitcoin:regtest'],
      addressNetwork: 'mainnet',
    })
    register(wallet.wallet)
    expect(wallet.payment).toMatch(/^bc1q/)
    const { config } = createConfig()
    await watchWalletStandard(config)
    await expect(
      connect(config, { connectorId: 'walletStandard.bip122.Mainnet BTC' }),
    ).rejects.toMatchObject({
      name: 'BitcoinAddressNetworkError',
      shortMessage: 'This is a Bitcoin mainnet address; this network is regtest.',
    })
    expect(config.getState()).toMatchObject({ status: 'disconnected', namespaces: {} })
    expect(config.getState().error?.message).toMatch(
      /^This is a Bitcoin mainnet address; this network is regtest\./,
    )
    expect(config.storage.getConnectedConnectorIds().bip122).toBeUndefined()
  })

  it('testnet addresses on regtest are refused too; regtest ones connect', async () => {
    const testnet = createBitcoinTestWallet({
      name: 'Testnet BTC',
      chains: ['bitcoin:regtest'],
      addressNetwork: 'testnet',
    })
    const ok = createBitcoinTestWallet({ name: 'Regtest BTC', chains: ['bitcoin:regtest'] })
    register(testnet.wallet)
    register(ok.wallet)
    const { config } = createConfig()
    await watchWalletStandard(config)
    await expect(
      connect(config, { connectorId: 'walletStandard.bip122.Testnet BTC' }),
    ).rejects.toThrow('This is a Bitcoin testnet address; this network is regtest.')
    await connect(config, { connectorId: 'walletStandard.bip122.Regtest BTC' })
    expect(config.getState().namespaces.bip122?.address).toBe(ok.payment)
  })

  it('reads the network from the address form', () => {
    const regtestWallet = createBitcoinTestWallet({ name: 'r', chains: [] })
    const mainnetWallet = createBitcoinTestWallet({
      name: 'm',
      chains: [],
      addressNetwork: 'mainnet',
    })
    const testnetWallet = createBitcoinTestWallet({
      name: 't',
      chains: [],
      addressNetwork: 'testnet',
    })
    expect(readBitcoinAddressNetworks(regtestWallet.payment)).toEqual(['regtest'])
    expect(readBitcoinAddressNetworks(regtestWallet.ordinals)).toEqual(['regtest'])
    expect(readBitcoinAddressNetworks(mainnetWallet.ordinals)).toEqual(['mainnet'])
    expect(readBitcoinAddressNetworks(mainnetWallet.payment.toUpperCase())).toEqual(['mainnet'])
    expect(readBitcoinAddressNetworks(testnetWallet.payment)).toEqual(['testnet'])
    // Legacy base58: the genesis coinbase address (mainnet); m/n/2 are testnet's and regtest's.
    expect(readBitcoinAddressNetworks('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual(['mainnet'])
    expect(readBitcoinAddressNetworks('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toEqual([
      'testnet',
      'regtest',
    ])
    for (const bad of [
      '',
      'hello',
      `bc1q${'0'.repeat(100)}`,
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'Bc1qw508d6qejxtdg4c3zdxhdq4rkp6xk2d6tj5mu',
    ])
      expect(readBitcoinAddressNetworks(bad), bad).toBeUndefined()
  })
})
