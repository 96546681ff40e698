import { describe, expect, it } from 'vitest'
import { disconnect } from '../actions/disconnect.ts'
import { reconnect } from '../actions/reconnect.ts'
import { signMessage } from '../actions/signMessage.ts'
import { switchNetwork } from '../actions/switchNetwork.ts'
import { verifyEmailOtp } from '../actions/verifyEmailOtp.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { until } from '../testing/until.ts'
import type { LatchSolanaNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { embeddedWallet } from './embeddedWallet.ts'

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const solanaAddress = '7rCZG9R6YmcvgMQyCvo9w92uwSa3NzKitd4wnKPDiTg1'
const reference = `4Latch${'1'.repeat(26)}`
const solana: LatchSolanaNetwork = {
  namespace: 'solana',
  reference,
  name: 'Latch Solana',
  caipNetworkId: `solana:${reference}`,
  rpcUrl: `http://api.test/v1/?chainId=solana:${reference}&projectId=p1`,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
}
const user = {
  email: 'ada@example.com',
  username: null,
  signInMethod: 'email',
  address,
  chainId: testNetwork.id,
  preferredAccountType: 'eoa',
  accounts: [{ address, type: 'eoa' }],
  solanaAddress,
}

/** The app with EVM and Solana networks and the embedded wallet over a fake frame. */
function setup(answers: Record<string, unknown> = {}, storage = createTestStorage()) {
  const frame = createFakeFrameWindow()
  const clock = createFakeScheduler()
  const connector = embeddedWallet({
    authUrl: frame.authOrigin,
    projectId: 'p1',
    apiUrl: 'http://api.test/',
    chainIds: [testNetwork.id],
    solanaNetworks: [solana],
    metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
    window: frame.window,
    scheduler: clock.scheduler,
  })
  const config = createLatchConfig({
    networks: [testNetwork, solana],
    apiUrl: 'http://api.test',
    projectId: 'p1',
    connectors: [connector],
    storage,
  })
  const all: Record<string, unknown> = {
    syncDappData: {},
    syncTheme: {},
    connectOtp: { action: 'CONNECT' },
    getUser: user,
    isConnected: { isConnected: true },
    signOut: {},
    ...answers,
  }
  frame.answerFrom(all)
  void frame.readyWhenMounted(() => clock.advance(500))
  return {
    frame,
    config,
    connector,
    sent: (method: string) => frame.requests.filter((r) => r.message.method === method),
    /** The frame tells the page the session ended. */
    signedOut: () => frame.emit({ name: 'signedOut', reason: 'user' }),
  }
}

describe('the embedded wallet’s Solana account', () => {
  it('fills the solana namespace after an email sign-in (EVM stays active); the frame learns the Solana networks', async () => {
    const s = setup()
    await verifyEmailOtp(s.config, { otp: '123456' })
    expect(s.sent('syncDappData')[0]?.message.params).toMatchObject({
      solanaNetworks: [{ caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl }],
    })
    await until(() => s.config.getState().namespaces.solana !== undefined)
    expect(s.config.getState()).toMatchObject({
      activeNamespace: 'eip155',
      namespaces: {
        solana: {
          connectorId: 'embeddedWallet',
          address: solanaAddress,
          caipNetworkId: solana.caipNetworkId,
        },
      },
    })
    // The network switcher makes it active, as with any Solana wallet.
    await expect(
      switchNetwork(s.config, { caipNetworkId: solana.caipNetworkId }),
    ).resolves.toMatchObject({ status: 'switched' })
    expect(s.config.getState()).toMatchObject({
      activeNamespace: 'solana',
      address: solanaAddress,
      caipNetworkId: solana.caipNetworkId,
    })
  })

  it('signs a message and a transaction through the frame', async () => {
    const signature = '5'.repeat(88)
    const s = setup({
      solanaSignMessage: { signature },
      solanaSignAndSendTransaction: { signature },
    })
    await verifyEmailOtp(s.config, { otp: '123456' })
    await until(() => s.config.getState().namespaces.solana !== undefined)
    await expect(
      signMessage(s.config, { namespace: 'solana', message: 'Sign in to Latch' }),
    ).resolves.toEqual({ namespace: 'solana', address: solanaAddress, signature })
    expect(s.sent('solanaSignMessage')[0]?.message.params).toEqual({
      caipNetworkId: solana.caipNetworkId,
      address: solanaAddress,
      message: 'Sign in to Latch',
    })
    const side = s.connector.namespaceConnectors?.[0]
    const sent = await side?.signAndSendTransaction?.({
      address: solanaAddress,
      transaction: new Uint8Array([1, 2, 3, 250]),
    })
    expect(s.sent('solanaSignAndSendTransaction')[0]?.message.params).toEqual({
      caipNetworkId: solana.caipNetworkId,
      address: solanaAddress,
      transaction: 'AQID+g==',
    })
    expect(sent).toHaveLength(64)
    // Another account is not this wallet's: refused before the frame is asked.
    await expect(
      side?.signMessage({ address: '11111111111111111111111111111111', message: 'x' }),
    ).rejects.toThrow()
    expect(s.sent('solanaSignMessage')).toHaveLength(1)
  })

  it('has no Solana account when the app has no Solana networks', () => {
    const frame = createFakeFrameWindow()
    const connector = embeddedWallet({
      authUrl: frame.authOrigin,
      projectId: 'p1',
      apiUrl: 'http://api.test/',
      chainIds: [testNetwork.id],
      metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
      window: frame.window,
    })
    expect(connector.namespaceConnectors).toBeUndefined()
  })

  it('empties the solana namespace when the wallet signs out or disconnects', async () => {
    const s = setup()
    await verifyEmailOtp(s.config, { otp: '123456' })
    await until(() => s.config.getState().namespaces.solana !== undefined)
    s.signedOut()
    await until(() => s.config.getState().namespaces.solana === undefined)
    expect(s.config.getState().namespaces).toEqual({})

    const again = setup()
    await verifyEmailOtp(again.config, { otp: '123456' })
    await until(() => again.config.getState().namespaces.solana !== undefined)
    await disconnect(again.config)
    expect(again.config.getState()).toMatchObject({ status: 'disconnected', namespaces: {} })
    expect(again.sent('signOut').length).toBeGreaterThan(0)
  })

  it('comes back with the EVM account after a reload', async () => {
    const storage = createTestStorage()
    const first = setup({}, storage)
    await verifyEmailOtp(first.config, { otp: '123456' })
    const reloaded = setup({}, storage)
    await reconnect(reloaded.config)
    await until(() => reloaded.config.getState().namespaces.solana !== undefined)
    expect(reloaded.config.getState().namespaces.solana?.address).toBe(solanaAddress)
  })
})
