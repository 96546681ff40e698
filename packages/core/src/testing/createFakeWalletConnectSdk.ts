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
  const log: { coreOptions: unknown[]; initOptions: unknown[]; connectParams: unknown[] } = {
    coreOptions: [],
    initOptions: [],
    connectParams: [],
  }
  let loads = 0
  let approvePairing: ((session: FakeSession) => void) | undefined
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
    }

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
    failDisconnect: (error: Error) => {
      disconnectError = error
    },
    UniversalProvider,
  }
}
