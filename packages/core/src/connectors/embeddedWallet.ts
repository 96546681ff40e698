import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.ts'
import type { EmbeddedSolanaMethods } from './embeddedWalletSolana.ts'
import type {
  EmbeddedWalletApi,
  EmbeddedWalletClientParameters,
  EmbeddedWalletUser,
} from './embeddedWalletTypes.ts'
import type { Connector, ConnectorEvents, NamespaceConnector } from './types.ts'

/** The frame's chunk (zod, the message schemas, the transport, the provider, the client). */
export type EmbeddedWalletFrameModule = typeof import('./embeddedWalletFrame.ts')

export type EmbeddedWalletParameters = EmbeddedWalletClientParameters & {
  /** Loads the frame's chunk; default a dynamic import. */
  load?: (() => Promise<EmbeddedWalletFrameModule>) | undefined
}

const loadFrameModule = (): Promise<EmbeddedWalletFrameModule> => import('./embeddedWalletFrame.ts')

/**
 * The embedded wallet (connector type AUTH): sign in by email, with a social provider or with
 * Farcaster (`parameters.socials`: those the auth backend offers) into a wallet whose key lives
 * only in the auth site's frame (`${authUrl}/frame`). This part stays small in the page's
 * first chunk: nothing loads until the person starts the email flow or a stored session is
 * restored; then a hidden iframe on the auth origin answers over `postMessage`. `connect()`
 * finishes a sign-in (after the code) with the frame's `getUser`.
 */
export function embeddedWallet(parameters: EmbeddedWalletParameters): Connector {
  const connector = createEmitter<ConnectorEvents>()
  const user = createEmitter<{ user: EmbeddedWalletUser | undefined }>()
  let clientPromise: Promise<EmbeddedWalletClient> | undefined
  let client: EmbeddedWalletClient | undefined

  function load(): Promise<EmbeddedWalletClient> {
    clientPromise ??= (parameters.load ?? loadFrameModule)().then(
      (module) => {
        client = module.createEmbeddedWalletClient(parameters, { connector, user })
        return client
      },
      (error: unknown) => {
        clientPromise = undefined
        throw error
      },
    )
    return clientPromise
  }

  const embedded: EmbeddedWalletApi = {
    preload: async () => (await load()).preload(),
    connectEmail: async (email) => (await load()).connectEmail(email),
    connectDevice: async () => (await load()).connectDevice(),
    connectOtp: async (otp) => (await load()).connectOtp(otp),
    updateEmail: async (email) => (await load()).updateEmail(email),
    updateEmailPrimaryOtp: async (otp) => (await load()).updateEmailPrimaryOtp(otp),
    updateEmailSecondaryOtp: async (otp) => (await load()).updateEmailSecondaryOtp(otp),
    exportKey: async () => (await load()).exportKey(),
    getSocialRedirectUri: async (provider, mode, returnUrl) =>
      (await load()).getSocialRedirectUri(provider, mode, returnUrl),
    connectSocial: async (provider, search) => (await load()).connectSocial(provider, search),
    getFarcasterUri: async () => (await load()).getFarcasterUri(),
    connectFarcaster: async () => (await load()).connectFarcaster(),
    // Nothing to drop when the chunk never loaded.
    reload: () => client?.reload(),
    socials: parameters.socials ?? [],
    setPreferredAccountType: async (type) => (await load()).setPreferredAccountType(type),
    getSmartAccountEnabledNetworks: async () => (await load()).getSmartAccountEnabledNetworks(),
    getUser: () => client?.getUser(),
    onUserChanged: (listener) => user.on('user', listener),
    getEmailCooldownMs: () => client?.getEmailCooldownMs() ?? 0,
  }

  const disconnect = async () => client?.disconnect()
  // The same wallet's Solana account, when the app has Solana networks: a small shell here,
  // its work in the frame's chunk (`createEmbeddedSolanaMethods`).
  const solanaIds = (parameters.solanaNetworks ?? []).map(
    (network) => network.caipNetworkId as CaipNetworkId,
  )
  let solana: EmbeddedSolanaMethods | undefined
  const loadSolana = async () => {
    const loaded = await load()
    solana ??= (await (parameters.load ?? loadFrameModule)()).createEmbeddedSolanaMethods(
      loaded,
      solanaIds,
    )
    return solana
  }
  const namespaceConnectors: NamespaceConnector[] | undefined =
    solanaIds.length > 0
      ? [
          {
            id: 'embeddedWallet',
            name: 'Email',
            icon: emailIcon,
            type: 'AUTH',
            chainNamespace: 'solana',
            caipNetworkIds: solanaIds,
            connect: async (options) => (await loadSolana()).connect(options),
            disconnect,
            isAuthorized: async () => (await loadSolana()).isAuthorized(),
            signMessage: async (options) => (await loadSolana()).signMessage(options),
            signAndSendTransaction: async (options) =>
              (await loadSolana()).signAndSendTransaction?.(options) as Promise<Uint8Array>,
            onAccountsChanged(listener) {
              let last = client?.getUser()?.solanaAddress
              return user.on('user', (next) => {
                if (next?.solanaAddress === last) return
                last = next?.solanaAddress
                listener(last ? [{ address: last, publicKey: '' }] : [])
              })
            },
          },
        ]
      : undefined

  return {
    id: 'embeddedWallet',
    name: 'Email',
    icon: emailIcon,
    type: 'AUTH',
    chainNamespace: 'eip155',
    connect: async (options) => (await load()).connect(options),
    // Nothing to end when the chunk never loaded.
    disconnect,
    getProvider: async () => (await load()).getProvider(),
    isAuthorized: async () => (await load()).isAuthorized(),
    onAccountsChanged: (listener) => connector.on('accountsChanged', listener),
    onChainChanged: (listener) => connector.on('chainChanged', listener),
    onDisconnect: (listener) => connector.on('disconnect', listener),
    embedded,
    ...(namespaceConnectors && { namespaceConnectors }),
  }
}

/** An envelope on an indigo square, drawn for Latch. */
const emailIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#5b6cff"/><path d="M10 13h20v14H10zl10 7 10-7" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/></svg>',
)}`
