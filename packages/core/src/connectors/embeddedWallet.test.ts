import { describe, expect, it } from 'vitest'
import { connectEmail } from '../actions/connectEmail.ts'
import { exportEmbeddedKey } from '../actions/exportEmbeddedKey.ts'
import { getSmartAccountEnabledNetworks } from '../actions/getSmartAccountEnabledNetworks.ts'
import { reconnect } from '../actions/reconnect.ts'
import { setPreferredAccountType } from '../actions/setPreferredAccountType.ts'
import { signOutEmbedded } from '../actions/signOutEmbedded.ts'
import {
  updateEmbeddedEmail,
  verifyEmbeddedEmailPrimaryOtp,
  verifyEmbeddedEmailSecondaryOtp,
} from '../actions/updateEmbeddedEmail.ts'
import { verifyEmailDevice } from '../actions/verifyEmailDevice.ts'
import { verifyEmailOtp } from '../actions/verifyEmailOtp.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { until } from '../testing/until.ts'
import type { FetchLike } from '../types.ts'
import { embeddedWallet } from './embeddedWallet.ts'

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const user = {
  email: 'ada@example.com',
  username: null,
  signInMethod: 'email',
  address,
  chainId: testNetwork.id,
  preferredAccountType: 'eoa',
  accounts: [{ address, type: 'eoa' }],
}

/**
 * The app's config with the embedded wallet over a fake auth-site frame that answers
 * `answers[method]` (a function of the params, or a value); the frame is ready at once.
 */
function setup(answers: Record<string, unknown> = {}, storage = createTestStorage()) {
  const frame = createFakeFrameWindow()
  const clock = createFakeScheduler()
  const fetches: { url: string; body: unknown }[] = []
  const fetch: FetchLike = async (url, init) => {
    fetches.push({ url, body: JSON.parse(init?.body ?? 'null') })
    return { ok: true, status: 200, json: async () => ({ jsonrpc: '2.0', id: 1, result: '0x10' }) }
  }
  let time = 1_000_000
  const connector = embeddedWallet({
    authUrl: frame.authOrigin,
    projectId: 'p1',
    apiUrl: 'http://api.test/',
    chainIds: [testNetwork.id, 10],
    metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
    themeMode: () => 'dark',
    window: frame.window,
    scheduler: clock.scheduler,
    fetch,
    now: () => time,
  })
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test',
    projectId: 'p1',
    connectors: [connector],
    storage,
  })
  const all: Record<string, unknown> = {
    syncDappData: {},
    syncTheme: {},
    getUser: user,
    isConnected: { isConnected: true },
    signOut: {},
    ...answers,
  }
  frame.answerFrom(all)
  // The frame says ready as soon as it is mounted; the 500 ms pass when the test lets them.
  const mountedReady = frame.readyWhenMounted(() => clock.advance(500))
  return {
    frame,
    clock,
    config,
    connector,
    fetches,
    mountedReady,
    tick: (ms: number) => {
      time += ms
    },
    sent: (method: string) => frame.requests.filter((r) => r.message.method === method),
  }
}

describe('embeddedWallet', () => {
  it('signs in by email: code, then getUser; the email is kept; syncs dapp data and theme', async () => {
    const s = setup({ connectEmail: { action: 'VERIFY_OTP' }, connectOtp: { action: 'CONNECT' } })
    expect(s.frame.iframe).toBeUndefined() // Nothing loads before the person acts.
    await expect(connectEmail(s.config, { email: ' Ada@Example.com ' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    })
    expect(s.sent('connectEmail')[0]?.message.params).toEqual({ email: 'ada@example.com' })
    expect(s.sent('syncDappData')[0]?.message.params).toEqual({
      metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
      projectId: 'p1',
      sdkVersion: 'latch-0.0.0',
      chainIds: [testNetwork.id, 10],
    })
    expect(s.sent('syncTheme')[0]?.message.params).toEqual({ themeMode: 'dark' })
    const result = await verifyEmailOtp(s.config, { otp: '123456' })
    expect(result).toEqual({ accounts: [checksummed], chainId: testNetwork.id })
    expect(s.config.getState()).toMatchObject({
      status: 'connected',
      connectorId: 'embeddedWallet',
      address: checksummed,
    })
    expect(s.connector.embedded?.getUser()?.email).toBe('ada@example.com')
    expect(s.config.storage.getEmail()).toBe('ada@example.com')
    expect(s.config.storage.getConnectedConnectorIds()).toEqual({ eip155: 'embeddedWallet' })
  })

  it('refuses a new email within 30 s, n rounded up, without asking the frame', async () => {
    const s = setup({ connectEmail: { action: 'VERIFY_OTP' } })
    await connectEmail(s.config, { email: 'ada@example.com' })
    s.tick(10_500)
    await expect(connectEmail(s.config, { email: 'ada@example.com' })).rejects.toMatchObject({
      name: 'EmailCooldownError',
      shortMessage: 'Please try again after 20 seconds.',
    })
    expect(s.connector.embedded?.getEmailCooldownMs()).toBe(19_500)
    expect(s.sent('connectEmail')).toHaveLength(1)
    s.tick(19_500)
    await connectEmail(s.config, { email: 'ada@example.com' })
    expect(s.sent('connectEmail')).toHaveLength(2)
  })

  it("takes the API's count when it refuses: its n seconds are what is left, not a new 30 s", async () => {
    const s = setup({ connectEmail: undefined })
    const first = connectEmail(s.config, { email: 'ada@example.com' })
    await until(() => s.sent('connectEmail').length === 1)
    const id = s.sent('connectEmail')[0]?.message.id as string
    s.frame.fail(id, { code: 'EMAIL_COOLDOWN', message: 'Wait', retryAfterSeconds: 26 })
    await expect(first).rejects.toMatchObject({ name: 'EmailCooldownError', seconds: 26 })
    expect(s.connector.embedded?.getEmailCooldownMs()).toBe(26_000)
    s.tick(26_000)
    expect(s.connector.embedded?.getEmailCooldownMs()).toBe(0)
  })

  it('refuses an invalid email before the frame sees it, without starting the cooldown', async () => {
    const s = setup({ connectEmail: { action: 'VERIFY_OTP' } })
    await expect(connectEmail(s.config, { email: 'not an email' })).rejects.toMatchObject({
      name: 'InvalidEmailError',
    })
    expect(s.sent('connectEmail')).toHaveLength(0)
    expect(s.connector.embedded?.getEmailCooldownMs()).toBe(0)
  })

  it('approves a new device: VERIFY_DEVICE, then connectDevice answers VERIFY_OTP', async () => {
    let approved = false
    const s = setup({
      connectEmail: { action: 'VERIFY_DEVICE' },
      connectDevice: () => ({ action: approved ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }),
    })
    await expect(connectEmail(s.config, { email: 'ada@example.com' })).resolves.toEqual({
      action: 'VERIFY_DEVICE',
    })
    await expect(verifyEmailDevice(s.config)).resolves.toEqual({ action: 'VERIFY_DEVICE' })
    approved = true
    await expect(verifyEmailDevice(s.config)).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('routes EIP-1193: signing to the frame, switching to switchNetwork, reads to the API', async () => {
    const s = setup({
      rpcRequest: (params: { method: string }) =>
        params.method === 'personal_sign' ? { result: '0xsig' } : undefined,
      switchNetwork: (params: { chainId: number }) => ({ chainId: params.chainId }),
    })
    await s.connector.connect({})
    const provider = await s.connector.getProvider()
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68690a', address] }),
    ).resolves.toBe('0xsig')
    expect(s.sent('rpcRequest')[0]?.message.params).toEqual({
      chainId: testNetwork.id,
      method: 'personal_sign',
      params: ['0x68690a', address],
    })
    const chains: number[] = []
    s.connector.onChainChanged((id) => chains.push(id))
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).resolves.toBeNull()
    expect(chains).toEqual([10])
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    expect(s.fetches).toEqual([
      {
        url: 'http://api.test/v1/?chainId=eip155:10&projectId=p1',
        body: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      },
    ])
  })

  it("maps the frame's 4001 to UserRejectedRequestError", async () => {
    const s = setup()
    await s.connector.connect({})
    const provider = await s.connector.getProvider()
    const signing = provider.request({ method: 'personal_sign', params: ['0x00', address] })
    await until(() => s.sent('rpcRequest').length === 1)
    s.frame.fail(s.sent('rpcRequest')[0]?.message.id as string, {
      code: 4001,
      message: 'User rejected the request.',
    })
    await expect(signing).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
  })

  it("keeps the frame's own words for a JSON-RPC internal or server error (the bundler down, a revert)", async () => {
    const s = setup()
    await s.connector.connect({})
    const provider = await s.connector.getProvider()
    const failWith = async (code: number, message: string) => {
      const before = s.sent('rpcRequest').length
      const sending = provider.request({ method: 'eth_sendTransaction', params: [{}] })
      await until(() => s.sent('rpcRequest').length === before + 1)
      s.frame.fail(s.sent('rpcRequest')[before]?.message.id as string, { code, message })
      return sending.then(
        () => undefined,
        (error: unknown) => error,
      )
    }
    const down = 'The bundler is not available right now: nothing was sent. Try again in a moment.'
    await expect(failWith(-32603, down)).resolves.toMatchObject({
      name: 'ProviderRequestError',
      code: -32603,
      shortMessage: down,
    })
    const revert = 'The smart account cannot send this: Execution reverted with reason: nope.'
    await expect(failWith(-32003, revert)).resolves.toMatchObject({
      name: 'ProviderRequestError',
      code: -32003,
      shortMessage: revert,
    })
    // EIP-1193 codes keep their meaning.
    await expect(failWith(4100, 'Unauthorized')).resolves.toMatchObject({
      name: 'UnauthorizedProviderError',
    })
  })

  it('shows and hides the frame when it asks, and follows its account and chain', async () => {
    const s = setup({ connectOtp: { action: 'CONNECT' } })
    await verifyEmailOtp(s.config, { otp: '123456' })
    s.frame.emit({ name: 'show' })
    expect(s.frame.host.open).toBe(true)
    expect(s.frame.host.style).toContain('position:fixed')
    s.frame.emit({ name: 'hide' })
    expect(s.frame.host.open).toBe(false)
    expect(s.frame.host.style).toBe('display:none')
    s.frame.emit({ name: 'chainChanged', chainId: 10 })
    expect(s.config.getState().chainId).toBe(10)
  })

  it("ends the connection with SessionExpiredError when the frame's session expires", async () => {
    const s = setup({ connectOtp: { action: 'CONNECT' } })
    await verifyEmailOtp(s.config, { otp: '123456' })
    s.frame.emit({ name: 'signedOut', reason: 'expired' })
    expect(s.config.getState().status).toBe('disconnected')
    expect(s.config.getState().error?.name).toBe('SessionExpiredError')
    expect(s.config.storage.getConnectedConnectorIds()).toEqual({})
  })

  it('restores a stored session on reload, and shows Session Expired when it expired', async () => {
    const storage = createTestStorage()
    const first = setup({ connectOtp: { action: 'CONNECT' } }, storage)
    await verifyEmailOtp(first.config, { otp: '123456' })

    const again = setup({}, storage)
    reconnect(again.config)
    await until(() => again.config.getState().status === 'connected')
    expect(again.config.getState().address).toBe(checksummed)

    const expired = setup(
      {
        isConnected: () => {
          expired.frame.emit({ name: 'signedOut', reason: 'expired' })
          return { isConnected: false }
        },
      },
      storage,
    )
    reconnect(expired.config)
    await until(() => expired.config.getState().status === 'disconnected')
    expect(expired.config.getState().error?.name).toBe('SessionExpiredError')
  })

  it('signs out on both sides and forgets the email', async () => {
    const s = setup({ connectOtp: { action: 'CONNECT' } })
    await verifyEmailOtp(s.config, { otp: '123456' })
    await signOutEmbedded(s.config)
    expect(s.sent('signOut')).toHaveLength(1)
    expect(s.config.getState().status).toBe('disconnected')
    expect(s.config.storage.getEmail()).toBeUndefined()
    expect(s.connector.embedded?.getUser()).toBeUndefined()
  })

  it('changes the email with two codes, and exports the key through the frame', async () => {
    const s = setup({
      connectOtp: { action: 'CONNECT' },
      updateEmail: { action: 'VERIFY_PRIMARY_OTP' },
      updateEmailPrimaryOtp: { action: 'VERIFY_SECONDARY_OTP' },
      updateEmailSecondaryOtp: { email: 'grace@example.com' },
      exportKey: {},
    })
    await verifyEmailOtp(s.config, { otp: '123456' })
    const seen: (string | null | undefined)[] = []
    s.connector.embedded?.onUserChanged((next) => seen.push(next?.email))
    await expect(updateEmbeddedEmail(s.config, { email: 'grace@example.com' })).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await expect(verifyEmbeddedEmailPrimaryOtp(s.config, { otp: '111111' })).resolves.toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    await expect(verifyEmbeddedEmailSecondaryOtp(s.config, { otp: '222222' })).resolves.toEqual({
      email: 'grace@example.com',
    })
    expect(seen).toEqual(['grace@example.com'])
    expect(s.config.storage.getEmail()).toBe('grace@example.com')
    await exportEmbeddedKey(s.config)
    expect(s.sent('exportKey')).toHaveLength(1)
  })
})

describe('embeddedWallet smart account', () => {
  const smart = '0x1111111111111111111111111111111111111111'
  const smartChecksummed = '0x1111111111111111111111111111111111111111'
  const other = '0x2222222222222222222222222222222222222222'
  const both = [
    { address, type: 'eoa' },
    { address: smart, type: 'smartAccount' },
  ]

  /** A frame that keeps the preferred type and answers getUser with it. */
  function smartSetup(enabled: number[] = [testNetwork.id]) {
    let preferred: 'eoa' | 'smartAccount' = 'eoa'
    const s = setup({
      connectOtp: { action: 'CONNECT' },
      getUser: () => ({
        ...user,
        address: preferred === 'eoa' ? address : smart,
        preferredAccountType: preferred,
        accounts: both,
      }),
      getSmartAccountEnabledNetworks: { chainIds: enabled },
      setPreferredAccount: (params: { type: 'eoa' | 'smartAccount' }) => {
        preferred = params.type
        return { type: params.type }
      },
    })
    return s
  }

  it('keeps both accounts and the preferred type; switching moves the connection to the smart account and back', async () => {
    const s = smartSetup()
    await verifyEmailOtp(s.config, { otp: '123456' })
    expect(s.connector.embedded?.getUser()).toMatchObject({
      address: checksummed,
      preferredAccountType: 'eoa',
      accounts: [
        { address: checksummed, type: 'eoa' },
        { address: smartChecksummed, type: 'smartAccount' },
      ],
    })
    const seen: (readonly string[])[] = []
    s.connector.onAccountsChanged((accounts) => seen.push(accounts))
    const switched = await setPreferredAccountType(s.config, { type: 'smartAccount' })
    expect(s.sent('setPreferredAccount')[0]?.message.params).toEqual({ type: 'smartAccount' })
    expect(switched).toMatchObject({
      address: smartChecksummed,
      preferredAccountType: 'smartAccount',
    })
    expect(s.config.getState().address).toBe(smartChecksummed)
    expect(seen).toEqual([[smartChecksummed]])
    await setPreferredAccountType(s.config, { type: 'eoa' })
    expect(s.config.getState().address).toBe(checksummed)
    expect(s.connector.embedded?.getUser()?.preferredAccountType).toBe('eoa')
  })

  it("follows the frame's accountsChanged: the address and the account type", async () => {
    const s = smartSetup()
    await verifyEmailOtp(s.config, { otp: '123456' })
    s.frame.emit({ name: 'accountsChanged', accounts: [smart] })
    expect(s.config.getState().address).toBe(smartChecksummed)
    expect(s.connector.embedded?.getUser()).toMatchObject({
      address: smartChecksummed,
      preferredAccountType: 'smartAccount',
    })
    // An address it does not know yet: the user is read again from the frame.
    const reads = s.sent('getUser').length
    s.frame.emit({ name: 'accountsChanged', accounts: [other] })
    expect(s.config.getState().address).toBe('0x2222222222222222222222222222222222222222')
    await until(() => s.sent('getUser').length === reads + 1)
  })

  it("answers the app's networks that have a smart account", async () => {
    const s = smartSetup([testNetwork.id, 10, 999])
    await expect(getSmartAccountEnabledNetworks(s.config)).resolves.toEqual([testNetwork.id, 10])
  })

  it("refuses a smart account where the network has none: 'This application might not support Smart Accounts'", async () => {
    const none = smartSetup([])
    await verifyEmailOtp(none.config, { otp: '123456' })
    await expect(
      setPreferredAccountType(none.config, { type: 'smartAccount' }),
    ).rejects.toMatchObject({
      name: 'SmartAccountsUnsupportedError',
      shortMessage: 'This application might not support Smart Accounts',
    })
    expect(none.sent('setPreferredAccount')).toHaveLength(0)
    expect(none.config.getState().address).toBe(checksummed)

    // The frame refuses on its own (EIP-1193 4200): the same error.
    const refused = smartSetup()
    refused.frame.answerWith((request) => {
      if (request.method === 'setPreferredAccount') return undefined
      return {
        syncDappData: {},
        syncTheme: {},
        connectOtp: { action: 'CONNECT' },
        getUser: { ...user, accounts: both },
        getSmartAccountEnabledNetworks: { chainIds: [testNetwork.id] },
      }[request.method]
    })
    await verifyEmailOtp(refused.config, { otp: '123456' })
    const switching = setPreferredAccountType(refused.config, { type: 'smartAccount' })
    await until(() => refused.sent('setPreferredAccount').length === 1)
    refused.frame.fail(refused.sent('setPreferredAccount')[0]?.message.id as string, {
      code: 4200,
      message: 'This application might not support Smart Accounts',
    })
    await expect(switching).rejects.toMatchObject({ name: 'SmartAccountsUnsupportedError' })
    expect(refused.config.getState().address).toBe(checksummed)
  })

  it('switches only while the embedded wallet is connected', async () => {
    const s = smartSetup()
    await expect(setPreferredAccountType(s.config, { type: 'eoa' })).rejects.toMatchObject({
      name: 'ConnectorNotConnectedError',
    })
    expect(s.sent('setPreferredAccount')).toHaveLength(0)
  })
})
