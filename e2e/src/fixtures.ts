import type { DevnetManifest } from '@latch/api-contract'
import { test as base } from '@playwright/test'
import { readManifest, testKey } from './devnet.ts'
import { type InjectedWallet, installInjectedWallet } from './injectedWallet.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from './walletConnectWallet.ts'

/**
 * Playwright fixtures every browser test can use: the devnet manifest, an injected EIP-6963
 * test wallet (installed before the page loads) and a WalletConnect test wallet in Node.
 * Each worker running at the same time uses its own anvil accounts (by Playwright's
 * `parallelIndex`, unique among running workers, unlike `workerIndex`, which grows as workers
 * restart) so tests never share a nonce.
 */
export const test = base.extend<{
  manifest: DevnetManifest
  injectedWallet: InjectedWallet
  walletConnectWallet: WalletConnectWallet
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  manifest: async ({}, use) => {
    await use(readManifest())
  },
  injectedWallet: async ({ page, manifest }, use, info) => {
    await use(
      await installInjectedWallet(page, {
        manifest,
        privateKey: testKey(manifest, 1 + (info.parallelIndex % 4)),
      }),
    )
  },
  walletConnectWallet: async ({ manifest }, use, info) => {
    const wallet = await createWalletConnectWallet({
      manifest,
      privateKey: testKey(manifest, 5 + (info.parallelIndex % 4)),
    })
    await use(wallet)
    await wallet.close()
  },
})

export { expect } from '@playwright/test'
