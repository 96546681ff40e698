import {
  createBitcoinTestWallet,
  createSolanaTestWallet,
  createWalletStandardTestPage,
} from '@latch/test'
import { getBase58Encoder, type SignatureBytes, verifySignature } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import { registerWallet } from '@wallet-standard/wallet'
import { Verifier } from 'bip322-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { storageKeys } from '../storage/createLatchStorage.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import type { LatchCaipNetwork, LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { connect } from './connect.ts'
import { disconnect } from './disconnect.ts'
import { reconnect } from './reconnect.ts'
import { signMessage } from './signMessage.ts'
import { switchNetwork } from './switchNetwork.ts'
import { watchWalletStandard } from './watchWalletStandard.ts'

const page = createWalletStandardTestPage({ getWallets })
const { evm, solana, regtest } = page.networks
const solanaMainnet: LatchSolanaNetwork = {
  ...solana,
  reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}
beforeAll(() => page.open())

/** A config with an EVM wallet connected, and Wallet Standard discovery on. */
async function setup(networks: readonly LatchCaipNetwork[] = [evm, solana, regtest]) {
  const evmWallet = createFakeConnector('evm-wallet')
  const storage = createTestStorage()
  const config = createLatchConfig({
    networks,
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [evmWallet.connector],
    storage,
  })
  const connecting = connect(config, { connectorId: 'evm-wallet' })
  evmWallet.approve()
  await connecting
  await watchWalletStandard(config)
  return { config, storage, evmWallet }
}

async function registered<
  T extends { wallet: Parameters<ReturnType<typeof getWallets>['register']>[0] },
>(created: T): Promise<T & { unregister: () => void }> {
  return { ...created, unregister: page.register(created.wallet) }
}

describe('Solana and Bitcoin wallets beside the EVM one', () => {
  it('discovers Wallet Standard wallets of the app networks, as they come and go', async () => {
    const { config } = await setup()
    const solflare = await createSolanaTestWallet({
      name: 'Solflare',
      chains: [solana.caipNetworkId],
    })
    // A wallet calls registerWallet itself (the wallet side of the protocol).
    registerWallet(solflare.wallet)
    const mainnetOnly = await registered(
      await createSolanaTestWallet({ name: 'Mainnet Only', chains: ['solana:mainnet'] }),
    )
    const xverse = await registered(
      createBitcoinTestWallet({ name: 'Xverse', chains: ['bitcoin:regtest'] }),
    )
    const listed = () =>
      config.getState().namespaceConnectors.map((c) => [c.id, c.chainNamespace, c.caipNetworkIds])
    expect(listed()).toEqual([
      ['walletStandard.solana.Solflare', 'solana', [solana.caipNetworkId]],
      ['walletStandard.bip122.Xverse', 'bip122', [regtest.caipNetworkId]],
    ])
    xverse.unregister()
    mainnetOnly.unregister()
    expect(listed()).toEqual([['walletStandard.solana.Solflare', 'solana', [solana.caipNetworkId]]])
    config.destroy()
  })

  it('a public cluster matches the wallet standard name; the devnet genesis only its own id', async () => {
    const { config } = await setup([evm, solanaMainnet])
    const wallet = await registered(
      await createSolanaTestWallet({
        name: 'Backpack',
        chains: ['solana:mainnet', 'solana:localnet'],
      }),
    )
    const connector = config.getState().namespaceConnectors.find((c) => c.name === 'Backpack')
    expect(connector?.caipNetworkIds).toEqual([solanaMainnet.caipNetworkId])
    wallet.unregister()
    config.destroy()
  })

  it('connects Solana and Bitcoin beside the EVM wallet, switches across namespaces, disconnects one', async () => {
    const { config, storage } = await setup()
    const phantom = await registered(
      await createSolanaTestWallet({ name: 'Phantom Sol', chains: [solana.caipNetworkId] }),
    )
    const xverse = await registered(
      createBitcoinTestWallet({ name: 'Xverse', chains: ['bitcoin:regtest'] }),
    )
    const evmAddress = config.getState().address

    const solanaResult = await connect(config, { connectorId: 'walletStandard.solana.Phantom Sol' })
    expect(solanaResult).toEqual({
      accounts: [{ address: phantom.address, publicKey: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      caipNetworkId: solana.caipNetworkId,
    })
    expect(config.getState()).toMatchObject({
      status: 'connected',
      activeNamespace: 'solana',
      connectorId: 'walletStandard.solana.Phantom Sol',
      address: phantom.address,
      chainId: undefined,
      caipNetworkId: solana.caipNetworkId,
      namespaces: { eip155: { address: evmAddress, chainId: 31337 } },
    })

    await connect(config, { connectorId: 'walletStandard.bip122.Xverse', namespace: 'bip122' })
    const bitcoinState = config.getState()
    expect(bitcoinState.address).toBe(xverse.payment)
    expect(bitcoinState.addresses).toEqual([xverse.payment, xverse.ordinals])
    expect(bitcoinState.namespaces.bip122?.accounts?.map((a) => a.purpose)).toEqual([
      'payment',
      'ordinals',
    ])
    expect(Object.keys(bitcoinState.namespaces).sort()).toEqual(['bip122', 'eip155', 'solana'])

    // The switcher moves across namespaces; every connection stays.
    await expect(switchNetwork(config, { caipNetworkId: 'eip155:31337' })).resolves.toEqual({
      network: evm,
      status: 'switched',
    })
    expect(config.getState()).toMatchObject({
      activeNamespace: 'eip155',
      address: evmAddress,
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
    })
    await switchNetwork(config, { caipNetworkId: solana.caipNetworkId })
    expect(config.getState()).toMatchObject({ activeNamespace: 'solana', address: phantom.address })
    expect(config.getState().namespaces.eip155?.address).toBe(evmAddress)
    expect(JSON.parse(storage.map.get(storageKeys.connectedConnectorIds) ?? '{}')).toEqual({
      eip155: 'evm-wallet',
      solana: 'walletStandard.solana.Phantom Sol',
      bip122: 'walletStandard.bip122.Xverse',
    })

    // Disconnecting Solana leaves the others; the EVM wallet is active again.
    await disconnect(config, { namespace: 'solana' })
    expect(phantom.core.accounts).toEqual([])
    expect(config.getState()).toMatchObject({ activeNamespace: 'eip155', address: evmAddress })
    expect(Object.keys(config.getState().namespaces).sort()).toEqual(['bip122', 'eip155'])
    // The wallet ending the connection from its side ends that namespace only.
    xverse.core.setAccounts([])
    expect(Object.keys(config.getState().namespaces)).toEqual(['eip155'])
    // Switching to a namespace without a wallet asks to connect one.
    await expect(switchNetwork(config, { caipNetworkId: regtest.caipNetworkId })).resolves.toEqual({
      network: regtest,
      status: 'connectRequired',
    })
    expect(config.getState().activeNamespace).toBe('eip155')

    await disconnect(config)
    expect(config.getState()).toMatchObject({ status: 'disconnected', namespaces: {} })
    expect(storage.map.get(storageKeys.connectedConnectorIds)).toBeUndefined()
    phantom.unregister()
    xverse.unregister()
    config.destroy()
  })

  it('shows a multi-namespace wallet once (MULTI_CHAIN) and connects each namespace through it', async () => {
    const { config } = await setup()
    const evmPhantom = createFakeConnector('app.phantom')
    const solanaPhantom = await registered(
      await createSolanaTestWallet({ name: 'Phantom', chains: [solana.caipNetworkId] }),
    )
    const bitcoinPhantom = await registered(
      createBitcoinTestWallet({ name: 'Phantom', chains: ['bitcoin:regtest'] }),
    )
    const { groupMultiChainConnectors } = await import('../namespaces/groupMultiChainConnectors.ts')
    const listed = groupMultiChainConnectors(
      [{ ...evmPhantom.connector, name: 'Phantom' }, ...config.getState().connectors],
      config.getState().namespaceConnectors,
    )
    const phantom = listed.find((entry) => entry.name === 'Phantom')
    expect(listed.filter((entry) => entry.name === 'Phantom')).toHaveLength(1)
    expect(phantom).toMatchObject({
      id: 'multiChain.phantom',
      type: 'MULTI_CHAIN',
      chainNamespaces: ['eip155', 'solana', 'bip122'],
      connectors: {
        eip155: { id: 'app.phantom' },
        solana: { id: 'walletStandard.solana.Phantom' },
        bip122: { id: 'walletStandard.bip122.Phantom' },
      },
    })
    // The Solana and Bitcoin parts of the group (no EVM one in the config's list).
    await connect(config, { connectorId: 'multiChain.phantom', namespace: 'solana' })
    expect(config.getState().address).toBe(solanaPhantom.address)
    await connect(config, { connectorId: 'multiChain.phantom', namespace: 'bip122' })
    expect(config.getState().address).toBe(bitcoinPhantom.payment)
    await expect(
      connect(config, { connectorId: 'multiChain.phantom', namespace: 'bip122' }),
    ).rejects.toThrow('Connector already connected.')
    solanaPhantom.unregister()
    bitcoinPhantom.unregister()
    config.destroy()
  })

  it("says 'Chain adapter not found' and that a namespace is not configured, in the spec's words", async () => {
    const { config } = await setup([evm, solana])
    await expect(
      switchNetwork(config, { caipNetworkId: 'cosmos:cosmoshub-4' }),
    ).rejects.toMatchObject({
      name: 'ChainAdapterNotFoundError',
      shortMessage: 'Chain adapter not found',
    })
    await expect(
      switchNetwork(config, { caipNetworkId: regtest.caipNetworkId }),
    ).rejects.toMatchObject({
      name: 'NamespaceNotConfiguredError',
      shortMessage:
        "Namespace 'bip122' is not configured. Please call connect() first with namespace config.",
    })
    await expect(
      switchNetwork(config, { caipNetworkId: solanaMainnet.caipNetworkId }),
    ).rejects.toMatchObject({ name: 'ChainNotConfiguredError' })
    const xverse = await registered(
      createBitcoinTestWallet({ name: 'Xverse', chains: ['bitcoin:regtest'] }),
    )
    // No Bitcoin network: no Bitcoin connector, and connecting one by its id is refused.
    expect(config.getState().namespaceConnectors.map((c) => c.chainNamespace)).not.toContain(
      'bip122',
    )
    await expect(
      connect(config, { connectorId: 'walletStandard.bip122.Xverse', namespace: 'bip122' }),
    ).rejects.toMatchObject({ name: 'ConnectorNotFoundError' })
    xverse.unregister()
    config.destroy()
  })

  it('signs messages: ed25519 for Solana, BIP-322 for Bitcoin; declining is a declined signature', async () => {
    const { config } = await setup()
    const phantom = await registered(
      await createSolanaTestWallet({ name: 'Signer Sol', chains: [solana.caipNetworkId] }),
    )
    const xverse = await registered(
      createBitcoinTestWallet({ name: 'Signer Btc', chains: ['bitcoin:regtest'] }),
    )
    await connect(config, { connectorId: 'walletStandard.solana.Signer Sol' })
    await connect(config, { connectorId: 'walletStandard.bip122.Signer Btc' })
    const message = 'latch.test wants you to sign in.\n\nNonce: 8c1f2e'

    const solanaSigned = await signMessage(config, { message, namespace: 'solana' })
    expect(solanaSigned.address).toBe(phantom.address)
    const signatureBytes = getBase58Encoder().encode(solanaSigned.signature) as SignatureBytes
    expect(signatureBytes).toHaveLength(64)
    const bytes = new TextEncoder().encode(message)
    expect(await verifySignature(phantom.publicKey, signatureBytes, bytes)).toBe(true)
    expect(await verifySignature(phantom.publicKey, signatureBytes, bytes.slice(1))).toBe(false)

    // The active namespace (Bitcoin, connected last) by default.
    const bitcoinSigned = await signMessage(config, { message })
    expect(bitcoinSigned).toMatchObject({ namespace: 'bip122', address: xverse.payment })
    expect(Verifier.verifySignature(xverse.payment, message, bitcoinSigned.signature)).toBe(true)
    expect(Verifier.verifySignature(xverse.payment, `${message}!`, bitcoinSigned.signature)).toBe(
      false,
    )

    phantom.core.rejectNextPrompt()
    await expect(signMessage(config, { message, namespace: 'solana' })).rejects.toMatchObject({
      name: 'SignatureDeclinedError',
    })
    await disconnect(config, { namespace: 'solana' })
    await expect(signMessage(config, { message, namespace: 'solana' })).rejects.toMatchObject({
      name: 'ConnectorNotConnectedError',
    })
    phantom.unregister()
    xverse.unregister()
    config.destroy()
  })

  it('a declined Solana connection leaves the EVM wallet connected and active', async () => {
    const { config } = await setup()
    const phantom = await registered(
      await createSolanaTestWallet({ name: 'Decliner', chains: [solana.caipNetworkId] }),
    )
    phantom.core.rejectNextPrompt()
    await expect(
      connect(config, { connectorId: 'walletStandard.solana.Decliner' }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(config.getState()).toMatchObject({
      status: 'connected',
      activeNamespace: 'eip155',
      chainId: 31337,
      namespaces: { eip155: { chainId: 31337 } },
    })
    expect(config.getState().namespaces.solana).toBeUndefined()
    phantom.unregister()
    config.destroy()
  })

  it('restores the Solana wallet after a reload without prompting', async () => {
    const { config, storage } = await setup([solana, evm])
    const phantom = await registered(
      await createSolanaTestWallet({ name: 'Reloaded', chains: [solana.caipNetworkId] }),
    )
    await connect(config, { connectorId: 'walletStandard.solana.Reloaded' })
    config.destroy()
    // The reload: a new config on the same storage; the wallet still authorizes the page.
    const reloaded = createLatchConfig({
      networks: [solana, evm],
      apiUrl: 'http://api.test',
      projectId: 'p',
      connectors: [],
      storage,
    })
    phantom.core.rejectNextPrompt() // any prompt would fail the restore
    const stop = reconnect(reloaded)
    await expect.poll(() => reloaded.getState().namespaces.solana?.address).toBe(phantom.address)
    expect(reloaded.getState()).toMatchObject({
      status: 'connected',
      activeNamespace: 'solana',
      caipNetworkId: solana.caipNetworkId,
    })
    stop()
    phantom.unregister()
    reloaded.destroy()
  })
})
