import type { FrameEvent } from '@latch/api-contract'
import { ConnectorAccountNotFoundError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { EmailCooldownError } from '../errors/embeddedWallet.ts'
import { SessionExpiredError } from '../errors/session.ts'
import type { Eip1193Provider, FetchLike, Scheduler } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import type { FrameTransport, FrameWindowLike } from './createFrameTransport.ts'
import type { EmbeddedWalletApi, EmbeddedWalletUser } from './embeddedWalletTypes.ts'
import { normalizeAccounts } from './normalizeAccounts.ts'
import type { Connector, ConnectorEvents } from './types.ts'

/** The frame's chunk (zod, the message schemas, the transport and the provider). */
export type EmbeddedWalletFrameModule = typeof import('./embeddedWalletFrame.ts')

export type EmbeddedWalletParameters = {
  /** The auth site (LATCH_AUTH_URL), e.g. "http://127.0.0.1:4177". */
  authUrl: string
  projectId: string
  /** The API, whose JSON-RPC endpoint answers the reads. */
  apiUrl: string
  /** The app's chain ids: the frame signs for these only; the first is the default. */
  chainIds: readonly number[]
  /** How the app introduces itself in the frame's confirmations. */
  metadata: { name: string; description?: string | undefined; url: string; icons: string[] }
  /** The page's colour mode, sent to the frame so its dialogs match. Default light. */
  themeMode?: (() => 'light' | 'dark') | undefined
  sdkVersion?: string | undefined
  /** Spec section 5: a new email attempt within this many ms is refused (default 30 s). */
  emailCooldownMs?: number | undefined
  window?: FrameWindowLike | undefined
  scheduler?: Scheduler | undefined
  fetch?: FetchLike | undefined
  /** The clock of the email cooldown; default `Date.now`. */
  now?: (() => number) | undefined
  /** Loads the frame's chunk; default a dynamic import. */
  load?: (() => Promise<EmbeddedWalletFrameModule>) | undefined
}

/** Spec section 5 and 9: email login cooldown. */
export const defaultEmailCooldownMs = 30_000

const loadFrameModule = (): Promise<EmbeddedWalletFrameModule> => import('./embeddedWalletFrame.ts')

/**
 * The embedded wallet (connector type AUTH): sign in by email into a wallet whose key lives
 * only in the auth site's frame (`${authUrl}/frame`). Nothing loads until the person starts
 * the email flow or a stored session is restored; then a hidden iframe on the auth origin
 * answers over `postMessage`. `connect()` finishes a sign-in (after the code) with `getUser`.
 */
export function embeddedWallet(parameters: EmbeddedWalletParameters): Connector {
  const emitter = createEmitter<ConnectorEvents>()
  const users = createEmitter<{ user: EmbeddedWalletUser | undefined }>()
  const now = parameters.now ?? Date.now
  const cooldownMs = parameters.emailCooldownMs ?? defaultEmailCooldownMs
  let lastEmailAt: number | undefined
  let user: EmbeddedWalletUser | undefined
  let chainId = parameters.chainIds[0] ?? 1
  let modulePromise: Promise<EmbeddedWalletFrameModule> | undefined
  let framePromise:
    | Promise<{ module: EmbeddedWalletFrameModule; transport: FrameTransport }>
    | undefined
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

  function loadModule(): Promise<EmbeddedWalletFrameModule> {
    modulePromise ??= (parameters.load ?? loadFrameModule)().catch((error: unknown) => {
      modulePromise = undefined
      throw error
    })
    return modulePromise
  }

  /** The frame, loaded, ready and told about the app (dapp data and theme). */
  function frame() {
    framePromise ??= (async () => {
      synced = false
      const module = await loadModule()
      const transport = module.createFrameTransport({
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
      return { module, transport }
    })().catch((error: unknown) => {
      framePromise = undefined
      throw error
    })
    return framePromise
  }

  async function readUser(requestedChainId: number | undefined) {
    const { transport } = await frame()
    const next = await transport.request(
      'getUser',
      requestedChainId === undefined ? {} : { chainId: requestedChainId },
    )
    const accounts = normalizeAccounts([next.address])
    if (accounts.length === 0) throw new ConnectorAccountNotFoundError('Email wallet')
    chainId = next.chainId
    setUser({
      email: next.email,
      address: accounts[0] as string,
      chainId: next.chainId,
      preferredAccountType: next.preferredAccountType,
    })
    return { accounts, chainId: next.chainId }
  }

  const embedded: EmbeddedWalletApi = {
    preload: async () => {
      await frame()
    },
    async connectEmail(email) {
      const wait = getEmailCooldownMs()
      if (wait > 0) throw new EmailCooldownError(Math.ceil(wait / 1000))
      const { module, transport } = await frame()
      const parsed = module.parseEmail(email)
      lastEmailAt = now()
      return transport.request('connectEmail', { email: parsed })
    },
    connectDevice: async () => (await frame()).transport.request('connectDevice', {}),
    connectOtp: async (otp) => (await frame()).transport.request('connectOtp', { otp }),
    async updateEmail(email) {
      const { module, transport } = await frame()
      return transport.request('updateEmail', { email: module.parseEmail(email) })
    },
    updateEmailPrimaryOtp: async (otp) =>
      (await frame()).transport.request('updateEmailPrimaryOtp', { otp }),
    async updateEmailSecondaryOtp(otp) {
      const result = await (await frame()).transport.request('updateEmailSecondaryOtp', { otp })
      if (user) setUser({ ...user, email: result.email })
      return result
    },
    async exportKey() {
      await (await frame()).transport.request('exportKey', {})
    },
    getUser: () => user,
    onUserChanged: (listener) => users.on('user', listener),
    getEmailCooldownMs,
  }

  function getEmailCooldownMs(): number {
    if (lastEmailAt === undefined) return 0
    return Math.max(0, lastEmailAt + cooldownMs - now())
  }

  return {
    id: 'embeddedWallet',
    name: 'Email',
    icon: emailIcon,
    type: 'AUTH',
    chainNamespace: 'eip155',
    async connect(options = {}) {
      if (options.isReconnecting) {
        const { transport } = await frame()
        const { isConnected } = await transport.request('isConnected', {})
        if (!isConnected) throw new ConnectorNotConnectedError()
      }
      return readUser(options.chainId)
    },
    async disconnect() {
      const loaded = await framePromise?.catch(() => undefined)
      const wasSignedIn = user !== undefined
      setUser(undefined)
      if (!loaded || !wasSignedIn) return
      await loaded.transport.request('signOut', {})
    },
    async getProvider() {
      if (provider) return provider
      const { module, transport } = await frame()
      provider ??= module.createEmbeddedWalletProvider({
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
      const { transport } = await frame()
      sessionExpired = false
      const { isConnected } = await transport.request('isConnected', {})
      // The frame found its stored session expired: it said so (signedOut) before answering.
      if (!isConnected && sessionExpired) throw new SessionExpiredError()
      return isConnected
    },
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
    embedded,
  }
}

/** An envelope on the accent disc, drawn for Latch. */
const emailIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#5b6cff"/><rect x="10" y="13" width="20" height="14" rx="2.5" fill="none" stroke="#fff" stroke-width="2.4"/><path d="M11 15l9 6.5 9-6.5" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/></svg>',
)}`
