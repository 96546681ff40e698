import type { DevnetManifest } from '@latch/api-contract'
import { createTestWallet, type TestWallet, toWalletRpcError } from '@latch/test'
import type { Page } from '@playwright/test'
import type { Hex } from 'viem'

/** The EIP-6963 identity the injected test wallet announces. */
export const testWalletInfo = {
  name: 'Test Wallet',
  rdns: 'dev.latch.test-wallet',
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23e85d04'/%3E%3Ctext x='16' y='21' font-size='14' text-anchor='middle' fill='white' font-family='sans-serif'%3ETW%3C/text%3E%3C/svg%3E",
}

export type InjectedWallet = TestWallet & {
  /** Emits an EIP-1193 event on the page's provider, as a wallet extension would. */
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', payload: unknown): Promise<void>
}

/**
 * Adds an EIP-6963 wallet to the page whose EIP-1193 requests are answered in Node by the
 * kit's test wallet (`createTestWallet` from `@latch/test`: a viem account on the devnet).
 * The page holds only a bridge. Call before `page.goto`.
 */
export async function installInjectedWallet(
  page: Page,
  options: {
    manifest: DevnetManifest
    privateKey: Hex
    chainId?: number
    /** Answers EIP-5792 / EIP-7811 (the kit's test wallet with `eip5792`); default false. */
    eip5792?: boolean
  },
): Promise<InjectedWallet> {
  const emit: InjectedWallet['emit'] = async (event, payload) => {
    await page.evaluate(
      ([name, data]) =>
        (
          window as unknown as { __latchTestWalletEmit(n: string, d: unknown): void }
        ).__latchTestWalletEmit(name as string, data),
      [event, payload] as const,
    )
  }
  const backend = createTestWallet({
    chains: options.manifest.chains,
    privateKey: options.privateKey,
    chainId: options.chainId,
    eip5792: options.eip5792 ?? false,
    onEvent: (event, payload) => {
      void emit(event, payload).catch(() => {})
    },
  })

  await page.exposeFunction('__latchTestWalletRequest', async (json: string) => {
    const { method, params } = JSON.parse(json) as { method: string; params?: unknown }
    try {
      return JSON.stringify({ result: (await backend.request({ method, params })) ?? null })
    } catch (error) {
      return JSON.stringify({ error: toWalletRpcError(error) })
    }
  })

  await page.addInitScript((info) => {
    type Listener = (payload: unknown) => void
    const listeners = new Map<string, Set<Listener>>()
    const w = window as unknown as {
      __latchTestWalletRequest(json: string): Promise<string>
      __latchTestWalletEmit(event: string, payload: unknown): void
    }
    const provider = {
      isTestWallet: true,
      async request(args: { method: string; params?: unknown[] }) {
        const answer = JSON.parse(await w.__latchTestWalletRequest(JSON.stringify(args)))
        if (answer.error) {
          throw Object.assign(new Error(answer.error.message), {
            code: answer.error.code,
            data: answer.error.data,
          })
        }
        return answer.result
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)?.add(listener)
        return provider
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener)
        return provider
      },
    }
    w.__latchTestWalletEmit = (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    }
    const detail = Object.freeze({
      info: Object.freeze({ uuid: crypto.randomUUID(), ...info }),
      provider,
    })
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, testWalletInfo)

  return Object.assign(backend, { emit })
}
