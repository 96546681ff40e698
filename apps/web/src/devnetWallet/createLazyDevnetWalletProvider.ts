import { DevnetWalletRpcError } from './DevnetWalletRpcError.ts'

type Listener = (...args: unknown[]) => void

/** What the lazily loaded provider offers (`createDevnetWalletProvider`'s EIP-1193 surface). */
export type LoadedDevnetWalletProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

/** The events the Devnet Wallet's provider emits (EIP-1193). */
const providerEvents = ['connect', 'disconnect', 'chainChanged', 'accountsChanged'] as const

/**
 * The Devnet Wallet's EIP-1193 provider as the page announces it: the same `request`, `on` and
 * `removeListener`, but the signing code (viem, the confirmation dialog) loads on the first
 * request, once (a failed load is tried again on the next request). Listeners added before the
 * load hear the loaded provider's events.
 */
export function createLazyDevnetWalletProvider(load: () => Promise<LoadedDevnetWalletProvider>) {
  const listeners = new Map<string, Set<Listener>>()
  let loaded: Promise<LoadedDevnetWalletProvider> | undefined

  function provider(): Promise<LoadedDevnetWalletProvider> {
    if (!loaded) {
      const loading = load().then((real) => {
        for (const event of providerEvents)
          real.on(event, (...args) => {
            for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
          })
        return real
      })
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
