import type { LatchConfig } from '../createLatchConfig.ts'

/**
 * Starts Wallet Standard discovery (Solana and Bitcoin wallets: Phantom, Solflare, Xverse...)
 * when the app has Solana or Bitcoin networks: loads its code on demand (call it when the
 * connect modal opens; `reconnect` calls it when such a wallet was connected), then keeps
 * `state.namespaceConnectors` up to date until `config.destroy()`. Calling it again does
 * nothing.
 */
export async function watchWalletStandard(config: LatchConfig): Promise<void> {
  if (config._internal.isWatchingWalletStandard()) return
  if (
    !config.caipNetworks.some(
      (network) => network.namespace === 'solana' || network.namespace === 'bip122',
    )
  )
    return
  let stopped = false
  // Held at once so that a second call while loading does not start another watch.
  config._internal.setWalletStandardWatch(() => {
    stopped = true
  })
  const [{ getWallets }, { watchWalletStandardWallets }] = await Promise.all([
    import('@wallet-standard/app'),
    import('../connectors/walletStandard/watchWalletStandardWallets.ts'),
  ])
  if (stopped) return
  const stop = watchWalletStandardWallets({
    wallets: getWallets(),
    networks: config.caipNetworks,
    onChange: (namespaceConnectors) =>
      config._internal.setState((state) => ({ ...state, namespaceConnectors })),
  })
  config._internal.setWalletStandardWatch(stop)
}
