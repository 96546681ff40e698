import type { FrameEvent } from '@latch/api-contract'
import { ConnectorAccountNotFoundError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { EmailCooldownError } from '../errors/embeddedWallet.ts'
import { SessionExpiredError } from '../errors/session.ts'
import type { Eip1193Provider } from '../types.ts'
import type { Emitter } from '../utils/createEmitter.ts'
import { createEmbeddedWalletProvider } from './createEmbeddedWalletProvider.ts'
import { createFrameTransport, type FrameTransport } from './createFrameTransport.ts'
import type {
  EmbeddedWalletApi,
  EmbeddedWalletClientParameters,
  EmbeddedWalletUser,
} from './embeddedWalletTypes.ts'
import { normalizeAccounts } from './normalizeAccounts.ts'
import { parseEmail } from './parseEmail.ts'
import type { Connector, ConnectorEvents } from './types.ts'

/** Spec section 5 and 9: email login cooldown. */
export const defaultEmailCooldownMs = 30_000

/** The embedded wallet's working half: loaded with the frame's chunk. */
export type EmbeddedWalletClient = Pick<
  Connector,
  'connect' | 'disconnect' | 'getProvider' | 'isAuthorized'
> &
  Omit<EmbeddedWalletApi, 'onUserChanged'>

/**
 * The embedded wallet's logic behind `embeddedWallet()` (which stays small in the page's first
 * chunk): the frame (loaded, ready, told about the app), the email flow with its cooldown,
 * the account, the EIP-1193 provider and the frame's events, reported on `emitters`.
 */
export function createEmbeddedWalletClient(
  parameters: EmbeddedWalletClientParameters,
  emitters: {
    connector: Emitter<ConnectorEvents>
    user: Emitter<{ user: EmbeddedWalletUser | undefined }>
  },
): EmbeddedWalletClient {
  const emitter = emitters.connector
  const users = emitters.user
  const now = parameters.now ?? Date.now
  const cooldownMs = parameters.emailCooldownMs ?? defaultEmailCooldownMs
  let lastEmailAt: number | undefined
  let user: EmbeddedWalletUser | undefined
  let chainId = parameters.chainIds[0] ?? 1
  let framePromise: Promise<FrameTransport> | undefined
  let provider: Eip1193Provider | undefined
  let sessionExpired = false
  let synced = false

  function setUser(next: EmbeddedWalletUser | undefined) {
    user = next
    users.emit('user', next)
  }

  function onFrameEvent(transport: FrameTransport, event: FrameEvent) {
    switch (event.name) {
      case 'ready':
        // The frame reloaded (a first `ready` is awaited by the transport): tell it again.
        if (synced) void sync(transport).catch(() => {})
        return
      case 'show':
        return transport.show()
      case 'hide':
        return transport.hide()
      case 'accountsChanged':
        return emitter.emit('accountsChanged', normalizeAccounts(event.accounts))
      case 'chainChanged':
        chainId = event.chainId
        return emitter.emit('chainChanged', event.chainId)
      case 'signedOut': {
        if (event.reason === 'expired') sessionExpired = true
        const wasSignedIn = user !== undefined
        setUser(undefined)
        transport.hide()
        if (wasSignedIn || event.reason === 'expired')
          emitter.emit(
            'disconnect',
            event.reason === 'expired' ? new SessionExpiredError() : undefined,
          )
      }
    }
  }

  /** Tells the frame which app it serves (for its confirmations) and the colour mode. */
  async function sync(transport: FrameTransport) {
    await Promise.all([
      transport.request('syncDappData', {
        metadata: { ...parameters.metadata, icons: parameters.metadata.icons.slice(0, 4) },
        projectId: parameters.projectId,
        sdkVersion: parameters.sdkVersion ?? 'latch-0.0.0',
        chainIds: [...parameters.chainIds],
      }),
      transport.request('syncTheme', { themeMode: parameters.themeMode?.() ?? 'light' }),
    ])
  }

  /** The frame, loaded, ready and told about the app (dapp data and theme). */
  function frame() {
    framePromise ??= (async () => {
      synced = false
      const transport = createFrameTransport({
        authUrl: parameters.authUrl,
        projectId: parameters.projectId,
        window: parameters.window,
        scheduler: parameters.scheduler,
      })
      transport.onEvent((event) => onFrameEvent(transport, event))
      try {
        await transport.ready()
        await sync(transport)
        synced = true
      } catch (error) {
        transport.destroy()
        throw error
      }
      return transport
    })().catch((error: unknown) => {
      framePromise = undefined
      throw error
    })
    return framePromise
  }

  async function readUser(requestedChainId: number | undefined) {
    const transport = await frame()
    const next = await transport.request(
      'getUser',
      requestedChainId === undefined ? {} : { chainId: requestedChainId },
    )
    const accounts = normalizeAccounts([next.address])
    if (accounts.length === 0) throw new ConnectorAccountNotFoundError('Email wallet')
    chainId = next.chainId
    setUser({
      email: next.email,
      username: next.username,
      signInMethod: next.signInMethod,
      address: accounts[0] as string,
      chainId: next.chainId,
      preferredAccountType: next.preferredAccountType,
    })
    return { accounts, chainId: next.chainId }
  }

  const embedded: Omit<EmbeddedWalletApi, 'onUserChanged'> = {
    preload: async () => {
      await frame()
    },
    async connectEmail(email) {
      const wait = getEmailCooldownMs()
      if (wait > 0) throw new EmailCooldownError(Math.ceil(wait / 1000))
      const parsed = parseEmail(email)
      const transport = await frame()
      try {
        const result = await transport.request('connectEmail', { email: parsed })
        lastEmailAt = now()
        return result
      } catch (error) {
        // The API's own count wins: its "n seconds" is what is left, not a new 30 s.
        if (error instanceof EmailCooldownError)
          lastEmailAt = now() - cooldownMs + error.seconds * 1000
        throw error
      }
    },
    connectDevice: async () => (await frame()).request('connectDevice', {}),
    connectOtp: async (otp) => (await frame()).request('connectOtp', { otp }),
    async updateEmail(email) {
      const parsed = parseEmail(email)
      return (await frame()).request('updateEmail', { email: parsed })
    },
    updateEmailPrimaryOtp: async (otp) => (await frame()).request('updateEmailPrimaryOtp', { otp }),
    async updateEmailSecondaryOtp(otp) {
      const result = await (await frame()).request('updateEmailSecondaryOtp', { otp })
      if (user) setUser({ ...user, email: result.email })
      return result
    },
    getSocialRedirectUri: async (provider, mode, returnUrl) =>
      (await frame()).request('getSocialRedirectUri', { provider, mode, returnUrl }),
    connectSocial: async (provider, search) =>
      (await frame()).request('connectSocial', { provider, uri: search }),
    getFarcasterUri: async () => (await frame()).request('getFarcasterUri', {}),
    connectFarcaster: async () => (await frame()).request('connectFarcaster', {}),
    reload() {
      const loaded = framePromise
      framePromise = undefined
      provider = undefined
      // Pending calls end (aborted); the next call loads a fresh frame.
      void loaded?.then((transport) => transport.destroy()).catch(() => {})
    },
    socials: parameters.socials ?? [],
    async exportKey() {
      await (await frame()).request('exportKey', {})
    },
    getUser: () => user,
    getEmailCooldownMs,
  }

  function getEmailCooldownMs(): number {
    if (lastEmailAt === undefined) return 0
    return Math.max(0, lastEmailAt + cooldownMs - now())
  }

  return {
    async connect(options = {}) {
      if (options.isReconnecting) {
        const transport = await frame()
        const { isConnected } = await transport.request('isConnected', {})
        if (!isConnected) throw new ConnectorNotConnectedError()
      }
      return readUser(options.chainId)
    },
    async disconnect() {
      const loaded = await framePromise?.catch(() => undefined)
      const wasSignedIn = user !== undefined
      setUser(undefined)
      if (!loaded) return
      // Also a session the frame holds for an attempt given up mid-way (the modal closed
      // while the wallet was being created): nobody keeps it, so it ends too.
      const signedOut = loaded.request('signOut', {})
      if (wasSignedIn) await signedOut
      else await signedOut.catch(() => {})
    },
    async getProvider() {
      if (provider) return provider
      const transport = await frame()
      provider ??= createEmbeddedWalletProvider({
        transport,
        getChainId: () => chainId,
        onChainChanged: (id) => {
          if (id === chainId) return
          chainId = id
          emitter.emit('chainChanged', id)
        },
        apiUrl: parameters.apiUrl,
        projectId: parameters.projectId,
        fetch: parameters.fetch,
      })
      return provider
    },
    async isAuthorized() {
      const transport = await frame()
      sessionExpired = false
      const { isConnected } = await transport.request('isConnected', {})
      // The frame found its stored session expired: it said so (signedOut) before answering.
      if (!isConnected && sessionExpired) throw new SessionExpiredError()
      return isConnected
    },
    ...embedded,
  }
}
