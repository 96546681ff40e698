import { DevnetWalletRpcError } from './DevnetWalletRpcError.ts'

type Listener = (...args: unknown[]) => void

/** What the lazily loaded provider offers (`createDevnetWalletProvider`'s `request`). */
export type LoadedDevnetWalletProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** Tells the page's listeners of an EIP-1193 event. */
export type DevnetWalletEmit = (event: string, ...args: unknown[]) => void

/**
 * The Devnet Wallet's EIP-1193 provider as the page announces it: `request`, `on` and
 * `removeListener`, but the signing code (viem, the confirmation dialog) loads on the first
 * request, once (a failed load is tried again on the next request). The listeners are kept
 * here, so those added before the load hear the events the loaded code emits.
 */
export function createLazyDevnetWalletProvider(
  load: (emit: DevnetWalletEmit) => Promise<LoadedDevnetWalletProvider>,
) {
  const listeners = new Map<string, Set<Listener>>()
  let loaded: Promise<LoadedDevnetWalletProvider> | undefined

  const emit: DevnetWalletEmit = (event, ...args) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }

  function provider(): Promise<LoadedDevnetWalletProvider> {
    if (!loaded) {
      const loading = load(emit)
      loaded = loading
      loading.catch(() => {
        if (loaded === loading) loaded = undefined
      })
    }
    return loaded
  }

  return {
    isDevnetWallet: true,
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      let real: LoadedDevnetWalletProvider
      try {
        real = await provider()
      } catch (error) {
        throw new DevnetWalletRpcError(
          -32603,
          `The Devnet Wallet's code did not load: ${(error as Error)?.message ?? String(error)}`,
        )
      }
      return real.request(args)
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
