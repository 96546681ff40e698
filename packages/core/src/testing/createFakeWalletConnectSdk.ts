import { createSiweMessage } from 'viem/siwe'
import type { WalletConnectSdk } from '../connectors/walletConnect.ts'

type Listener = (...args: never[]) => void

function createEvents() {
  const listeners = new Map<string, Set<Listener>>()
  return {
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (...args: unknown[]) => void)(...args)
    },
  }
}

/** A CACAO (CAIP-74) as a wallet answers one-click auth with. */
export type FakeCacao = {
  h: { t: 'caip122' }
  p: {
    iss: string
    domain: string
    aud: string
    version: string
    nonce: string
    iat: string
    exp?: string | undefined
    statement?: string | undefined
  }
  s: { t: 'eip191' | 'eip1271'; s: string }
}

/** The EIP-4361 text of a CACAO's payload, as the SDK's `formatAuthMessage` writes it. */
export function formatFakeAuthMessage(payload: FakeCacao['p']): string {
  const [, , , chainId = '0', address = ''] = payload.iss.split(':')
  return createSiweMessage({
    domain: payload.domain,
    address: address as `0x${string}`,
    statement: payload.statement,
    uri: payload.aud,
    version: '1',
    chainId: Number(chainId),
    nonce: payload.nonce,
    issuedAt: new Date(payload.iat),
    expirationTime: payload.exp ? new Date(payload.exp) : undefined,
  })
}

export type FakeSession = {
  topic: string
  expiry: number
  namespaces: Record<
    string,
    { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }
  >
  peer: {
    publicKey: string
    metadata: { name: string; description: string; url: string; icons: string[] }
  }
}

/**
 * A stand-in for the WalletConnect SDK with the surface the connector uses: a `Core` whose
 * relayer connects only when the relay is `up`, and a universal provider whose pairing the
 * test approves as the wallet would. Test-only (not exported from the package).
 */
export function createFakeWalletConnectSdk(
  options: { relayUp?: boolean; storedSession?: FakeSession } = {},
) {
  let relayUp = options.relayUp ?? true
  let stored = options.storedSession
  const log: {
    coreOptions: unknown[]
    initOptions: unknown[]
    connectParams: unknown[]
    authenticateParams: Record<string, unknown>[]
    persisted: [string, unknown][]
  } = {
    coreOptions: [],
    initOptions: [],
    connectParams: [],
    authenticateParams: [],
    persisted: [],
  }
  let loads = 0
  let approvePairing: ((session: FakeSession) => void) | undefined
  let answerAuthenticate:
    | {
        resolve: (result: { session: FakeSession; auths?: FakeCacao[] }) => void
        reject: (reason: unknown) => void
      }
    | undefined
  let disconnectError: Error | undefined
  const deletedTopics: string[] = []
  const providers: UniversalProvider[] = []

  class Core {
    readonly verify = {
      register: async (): Promise<unknown> => 'attestation',
      resolve: async (): Promise<unknown> => ({ origin: 'https://verify.walletconnect.org' }),
    }
    readonly relayer = { connected: false }
    constructor(coreOptions: unknown) {
      log.coreOptions.push(coreOptions)
    }
  }

  class UniversalProvider {
    readonly events = createEvents()
    readonly clientEvents = createEvents()
    session: FakeSession | undefined
    chainId: number | undefined
    readonly core: Core
    readonly client: {
      on: (event: string, listener: Listener) => void
      core: Core
      session: { delete(topic: string, reason: unknown): Promise<void> }
      formatAuthMessage(params: { request: FakeCacao['p']; iss: string }): string
    }
    optionalNamespaces: unknown

    constructor(core: Core) {
      this.core = core
      this.session = stored
      this.client = {
        on: (event, listener) => this.clientEvents.on(event, listener),
        core,
        session: {
          delete: async (topic) => {
            deletedTopics.push(topic)
            if (stored?.topic === topic) stored = undefined
          },
        },
        formatAuthMessage: ({ request, iss }) => formatFakeAuthMessage({ ...request, iss }),
      }
    }

    static async init(initOptions: { core: Core }) {
      log.initOptions.push(initOptions)
      const provider = new UniversalProvider(initOptions.core)
      providers.push(provider)
      return provider
    }

    on(event: string, listener: Listener) {
      this.events.on(event, listener)
    }

    /** Like the SDK: the URI appears once the relay took the proposal; then the wallet answers. */
    async connect(params: unknown) {
      log.connectParams.push(params)
      if (!relayUp) return new Promise<never>(() => {})
      this.core.relayer.connected = true
      this.events.emit('display_uri', `wc:topic${log.connectParams.length}@2?relay-protocol=irn`)
      const session = await new Promise<FakeSession>((resolve) => {
        approvePairing = resolve
      })
      this.session = session
      stored = session
      return session
    }

    /**
     * Like the SDK: one-click auth (a session and a CACAO) or, from a wallet without it, the
     * plain session proposed alongside (no `auths`). A wallet declining rejects with a string.
     */
    async authenticate(params: Record<string, unknown>) {
      log.authenticateParams.push(params)
      this.optionalNamespaces = params.optionalNamespaces
      if (!relayUp) return new Promise<never>(() => {})
      this.core.relayer.connected = true
      this.events.emit('display_uri', `wc:auth${log.authenticateParams.length}@2?methods=auth`)
      const result = await new Promise<{ session: FakeSession; auths?: FakeCacao[] }>(
        (resolve, reject) => {
          answerAuthenticate = { resolve, reject }
        },
      )
      this.session = result.session
      stored = result.session
      return result
    }

    async persist(key: string, value: unknown) {
      log.persisted.push([key, value])
    }

    async disconnect() {
      if (disconnectError) throw disconnectError
      stored = undefined
      this.session = undefined
    }

    setDefaultChain(chain: string) {
      this.chainId = Number(chain.split(':')[1])
    }

    private chains() {
      return (this.session?.namespaces.eip155?.accounts ?? []).map((a) => Number(a.split(':')[1]))
    }

    async request({ method }: { method: string }) {
      if (!this.session) throw new Error('Please call connect() before request()')
      const chainId = this.chainId ?? this.chains()[0]
      if (method === 'eth_chainId') return chainId
      if (method === 'eth_accounts')
        return (this.session.namespaces.eip155?.accounts ?? [])
          .filter((a) => a.startsWith(`eip155:${chainId}:`))
          .map((a) => a.split(':')[2])
      throw new Error(`unexpected ${method}`)
    }
  }

  const sdk = { Core, UniversalProvider } as unknown as WalletConnectSdk
  return {
    load: async () => {
      loads += 1
      return sdk
    },
    loads: () => loads,
    log,
    deletedTopics,
    /** The provider the connector created, once it did. */
    provider: (): UniversalProvider | undefined => providers[0],
    setRelayUp: (up: boolean) => {
      relayUp = up
    },
    approve: (session: FakeSession) => approvePairing?.(session),
    /** The wallet answers one-click auth: with `auths` it signed in, without it did not. */
    approveAuthenticate: (result: { session: FakeSession; auths?: FakeCacao[] }) =>
      answerAuthenticate?.resolve(result),
    /** The wallet declines one-click auth (the SDK rejects with its message alone). */
    rejectAuthenticate: (message: string) => answerAuthenticate?.reject(message),
    failDisconnect: (error: Error) => {
      disconnectError = error
    },
    UniversalProvider,
  }
}
