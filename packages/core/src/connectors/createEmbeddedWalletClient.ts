import type { FrameEvent, FrameRequestParams, FrameResult, FrameUser } from '@latch/api-contract'
import { ConnectorAccountNotFoundError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { SmartAccountsUnsupportedError } from '../errors/eip5792.ts'
import { EmailCooldownError, EmbeddedWalletRequestError } from '../errors/embeddedWallet.ts'
import { SessionExpiredError } from '../errors/session.ts'
import type { Eip1193Provider } from '../types.ts'
import type { Emitter } from '../utils/createEmitter.ts'
import { createEmbeddedWalletProvider } from './createEmbeddedWalletProvider.ts'
import { createFrameTransport, type FrameTransport } from './createFrameTransport.ts'
import type {
  EmbeddedWalletAccount,
  EmbeddedWalletApi,
  EmbeddedWalletClientParameters,
  EmbeddedWalletUser,
} from './embeddedWalletTypes.ts'
import { normalizeAccounts } from './normalizeAccounts.ts'
import { parseEmail } from './parseEmail.ts'
import type { Connector, ConnectorEvents } from './types.ts'

/** Spec section 5 and 9: email login cooldown. */
export const defaultEmailCooldownMs = 30_000

/** The frame's words (and EIP-1193 4200) for a smart account where there is none. */
const smartAccountsUnsupported = 'This application might not support Smart Accounts'

/** The frame's refusal of a smart account as core's `SmartAccountsUnsupportedError`. */
function toPreferredAccountError(error: unknown): unknown {
  if (
    error instanceof EmbeddedWalletRequestError &&
    (error.frameCode === 4200 || error.shortMessage.startsWith(smartAccountsUnsupported))
  )
    return new SmartAccountsUnsupportedError({ cause: error })
  return error
}

/**
 * The frame's user as the page keeps it: addresses checksummed, and the address in use the
 * account of the preferred type (the frame's `address` when it lists none of that type).
 */
function toEmbeddedWalletUser(next: FrameUser): EmbeddedWalletUser | undefined {
  const accounts = next.accounts.flatMap((account): EmbeddedWalletAccount[] => {
    const [address] = normalizeAccounts([account.address])
    return address ? [{ address, type: account.type }] : []
  })
  const [own] = normalizeAccounts([next.address])
  const preferred = accounts.find((account) => account.type === next.preferredAccountType)
  const address = preferred?.address ?? own
  if (!address) return undefined
  return {
    email: next.email,
    username: next.username,
    signInMethod: next.signInMethod,
    address,
    chainId: next.chainId,
    preferredAccountType: preferred ? preferred.type : 'eoa',
    accounts: accounts.length > 0 ? accounts : [{ address, type: 'eoa' }],
    ...(next.solanaAddress ? { solanaAddress: next.solanaAddress } : {}),
  }
}

/** The embedded wallet's working half: loaded with the frame's chunk. */
export type EmbeddedWalletClient = Pick<
  Connector,
  'connect' | 'disconnect' | 'getProvider' | 'isAuthorized'
> &
  Omit<EmbeddedWalletApi, 'onUserChanged'> & {
    /** The Solana account's requests, signed (and sent) by the frame. */
    solana: {
      signMessage(
        params: FrameRequestParams<'solanaSignMessage'>,
      ): Promise<FrameResult<'solanaSignMessage'>>
      signAndSendTransaction(
        params: FrameRequestParams<'solanaSignAndSendTransaction'>,
      ): Promise<FrameResult<'solanaSignAndSendTransaction'>>
    }
  }

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
      case 'accountsChanged': {
        const accounts = normalizeAccounts(event.accounts)
        followAccount(accounts[0])
        return emitter.emit('accountsChanged', accounts)
      }
      case 'chainChanged':
        chainId = event.chainId
        // The smart account is per network: the accounts are read again for the new one.
        if (user) void readUser(event.chainId).catch(() => {})
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

  /**
   * The frame switched accounts (another account type): the user's address and type follow;
   * an address the page does not know yet (a new smart account) is read from the frame.
   */
  function followAccount(address: string | undefined) {
    if (!user || !address || address === user.address) return
    const known = user.accounts.find((account) => account.address === address)
    if (known) setUser({ ...user, address: known.address, preferredAccountType: known.type })
    else void readUser(chainId).catch(() => {})
  }

  /** Tells the frame which app it serves (for its confirmations) and the colour mode. */
  async function sync(transport: FrameTransport) {
    await Promise.all([
      transport.request('syncDappData', {
        metadata: { ...parameters.metadata, icons: parameters.metadata.icons.slice(0, 4) },
        projectId: parameters.projectId,
        sdkVersion: parameters.sdkVersion ?? 'latch-0.0.0',
        chainIds: [...parameters.chainIds],
        ...(parameters.solanaNetworks?.length && {
          solanaNetworks: parameters.solanaNetworks.map((network) => ({
            caipNetworkId: network.caipNetworkId,
            ...(network.rpcUrl ? { rpcUrl: network.rpcUrl } : {}),
          })),
        }),
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
    const read = toEmbeddedWalletUser(next)
    if (!read) throw new ConnectorAccountNotFoundError('Email wallet')
    chainId = next.chainId
    setUser(read)
    return { accounts: [read.address], chainId: next.chainId }
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
    async setPreferredAccountType(type) {
      const transport = await frame()
      try {
        await transport.request('setPreferredAccount', { type })
      } catch (error) {
        throw toPreferredAccountError(error)
      }
      const before = user?.address
      await readUser(chainId)
      const next = user as EmbeddedWalletUser
      // The connection follows at once, whether or not the frame's event came first.
      if (next.address !== before) emitter.emit('accountsChanged', [next.address])
      return next
    },
    async getSmartAccountEnabledNetworks() {
      const { chainIds } = await (await frame()).request('getSmartAccountEnabledNetworks', {})
      return chainIds.filter((id) => parameters.chainIds.includes(id))
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
    solana: {
      signMessage: async (params) => (await frame()).request('solanaSignMessage', params),
      signAndSendTransaction: async (params) =>
        (await frame()).request('solanaSignAndSendTransaction', params),
    },
  }
}
