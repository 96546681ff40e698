import type { SignInSession } from '@latch/api-contract'
import { disconnect } from '../actions/disconnect.ts'
import { getSiweNonce } from '../actions/getSiweNonce.ts'
import { signIn } from '../actions/signIn.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import type { Hex, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { createSignInMessage } from './createSignInMessage.ts'

/**
 * Where a sign-in stands: `preparing` (asking the API for a nonce), `ready` (the message is
 * shown, nothing asked of the wallet yet), `signing` (the wallet is asked, then the API
 * checks), `signedIn`, `failed` (the wallet was disconnected; `error` says why) or
 * `cancelled` (the person chose not to sign in; disconnected too).
 */
export type SignInFlowStatus =
  | 'idle'
  | 'preparing'
  | 'ready'
  | 'signing'
  | 'signedIn'
  | 'failed'
  | 'cancelled'

export type SignInFlowState = {
  status: SignInFlowStatus
  /** The EIP-4361 text (CAIP-122 for a Solana or Bitcoin account), from `ready` on. */
  message: string | undefined
  session: SignInSession | undefined
  error: Error | undefined
}

export type CreateSignInFlowParameters = {
  /** The page's host (`location.host`). */
  domain: string
  /** The page's origin (`location.origin`). */
  uri: string
  appName: string
  /** Default the current time. */
  now?: (() => Date) | undefined
  /** How long the session lasts; default 24 h. */
  expiresInMs?: number | undefined
}

export type SignInFlow = {
  getState(): SignInFlowState
  subscribe(listener: (state: SignInFlowState) => void): Unsubscribe
  /** Gets a nonce and builds the message for the connected account (`ready`). */
  prepare(): Promise<void>
  /** From `ready`: the wallet signs the message and the API opens the session. */
  signIn(): Promise<void>
  /** The person does not sign in: the wallet is disconnected. */
  cancel(): Promise<void>
}

const initialState: SignInFlowState = {
  status: 'idle',
  message: undefined,
  session: undefined,
  error: undefined,
}

/**
 * One sign-in-with-wallet attempt (spec sections 2 and 4) as a small state machine: prepare
 * the message, show it, sign it, open the session. When the wallet already signed in while
 * connecting (WalletConnect one-click auth), `prepare` goes straight to `signing` with what it
 * signed and opens the session. Any failure, a declined signature
 * included, disconnects the wallet and ends in `failed` with the error; an app requiring
 * sign-in never keeps a connected wallet that has not signed in.
 */
export function createSignInFlow(
  config: LatchConfig,
  parameters: CreateSignInFlowParameters,
): SignInFlow {
  const store = createStore<SignInFlowState>(initialState)
  const set = (next: Partial<SignInFlowState>) => store.setState((state) => ({ ...state, ...next }))
  // Ends later work of an attempt the person has left (cancelled, or a new prepare()).
  let attempt = 0

  async function fail(error: unknown, current: number) {
    if (current !== attempt) return
    attempt += 1
    await disconnect(config).catch(() => {})
    set({
      status: 'failed',
      error: error instanceof Error ? error : new Error(String(error)),
    })
  }

  /** Signs (unless `signature` is given) and opens the session at the API. */
  async function submit(
    parameters: { message: string; signature?: Hex | undefined },
    current: number,
  ) {
    try {
      const session = await signIn(config, parameters)
      if (current === attempt) set({ status: 'signedIn', session })
      // Signed after the person left (cancelled): this browser does not keep the session.
      else
        config.storage.removeSignInSession(
          typeof session.chainId === 'number'
            ? session.address
            : `${session.caipNetworkId ?? session.chainId}:${session.address}`,
        )
    } catch (error) {
      await fail(error, current)
    }
  }

  return {
    getState: store.getState,
    subscribe: (listener) => store.subscribe((state) => listener(state)),
    async prepare() {
      attempt += 1
      const current = attempt
      set({ ...initialState, status: 'preparing' })
      try {
        const { address, chainId, caipNetworkId, activeNamespace, status } = config.getState()
        if (status !== 'connected' || !address) throw new ConnectorNotConnectedError()
        // A Solana or Bitcoin account signs a CAIP-122 message, written on demand.
        if (activeNamespace === 'solana' || activeNamespace === 'bip122') {
          if (!caipNetworkId) throw new ConnectorNotConnectedError()
          const nonce = await getSiweNonce(config)
          const { createSiwxSignInMessage } = await import('./createSiwxSignInMessage.ts')
          const message = createSiwxSignInMessage({
            address,
            caipNetworkId,
            nonce,
            domain: parameters.domain,
            uri: parameters.uri,
            appName: parameters.appName,
            issuedAt: parameters.now?.(),
            expiresInMs: parameters.expiresInMs,
          })
          if (current === attempt) set({ status: 'ready', message })
          return
        }
        if (chainId === undefined) throw new ConnectorNotConnectedError()
        // The wallet signed in while connecting (WalletConnect one-click auth): what it signed
        // is shown while the API checks it, and the wallet is not asked again.
        const signed = config._internal.takeConnectSignIn(address)
        if (signed) {
          set({ status: 'signing', message: signed.message })
          await submit(signed, current)
          return
        }
        const nonce = await getSiweNonce(config)
        const { message } = createSignInMessage({
          address,
          chainId,
          nonce,
          domain: parameters.domain,
          uri: parameters.uri,
          appName: parameters.appName,
          issuedAt: parameters.now?.(),
          expiresInMs: parameters.expiresInMs,
        })
        if (current === attempt) set({ status: 'ready', message })
      } catch (error) {
        await fail(error, current)
      }
    },
    async signIn() {
      const { status, message } = store.getState()
      if (status !== 'ready' || !message) return
      const current = attempt
      set({ status: 'signing' })
      await submit({ message }, current)
    },
    async cancel() {
      const { status } = store.getState()
      if (status === 'signedIn' || status === 'failed' || status === 'cancelled') return
      attempt += 1
      set({ status: 'cancelled' })
      await disconnect(config).catch(() => {})
    },
  }
}
