import type { Connector, ConnectorConnectResult, ConnectorEvents } from '../connectors/types.ts'
import type { Eip1193Provider, Eip1193RequestArguments } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'

export const testAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * A scripted wallet for tests: each connect() waits for the test to `approve` or `reject`
 * it; `requests` records what the app asked its EIP-1193 provider, answered by `answer`.
 * Test-only (not exported from the package).
 */
export function createFakeConnector(id = 'fake', type: Connector['type'] = 'ANNOUNCED') {
  const emitter = createEmitter<ConnectorEvents>()
  const pending: {
    resolve(result: ConnectorConnectResult): void
    reject(error: unknown): void
    isReconnecting: boolean
    chainId: number | undefined
  }[] = []
  const requests: Eip1193RequestArguments[] = []
  let answer: (args: Eip1193RequestArguments) => unknown = () => null
  let authorized = false
  let disconnects = 0
  const provider: Eip1193Provider = {
    async request(args) {
      requests.push(args)
      return answer(args)
    },
  }
  const connector: Connector = {
    id,
    name: `Wallet ${id}`,
    icon: '',
    type,
    chainNamespace: 'eip155',
    connect: (parameters = {}) =>
      new Promise((resolve, reject) =>
        pending.push({
          resolve,
          reject,
          isReconnecting: Boolean(parameters.isReconnecting),
          chainId: parameters.chainId,
        }),
      ),
    async disconnect() {
      disconnects += 1
    },
    getProvider: async () => provider,
    isAuthorized: async () => authorized,
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
    onDisplayUri: (listener) => emitter.on('displayUri', listener),
  }
  return {
    connector,
    emitter,
    pending,
    requests,
    /** Sets how the wallet answers provider requests (throw to fail one). */
    answer: (fn: (args: Eip1193RequestArguments) => unknown) => {
      answer = fn
    },
    authorize: () => {
      authorized = true
    },
    disconnects: () => disconnects,
    approve: (accounts: readonly string[] = [testAddress], chainId = 31337) =>
      pending.shift()?.resolve({ accounts, chainId }),
    reject: (error: unknown) => pending.shift()?.reject(error),
  }
}

/** In-memory `KeyValueStorage` whose map the test can inspect. */
export function createTestStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}
