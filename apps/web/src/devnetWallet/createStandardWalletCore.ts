import type { WalletAccount } from '@wallet-standard/base'
import type { StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features'
import type { Described } from './createConfirmDialog.ts'
import { DevnetWalletRpcError } from './DevnetWalletRpcError.ts'

/**
 * What the Solana and Bitcoin devnet wallets (Wallet Standard) share: their signing code loaded
 * once on the first request (tried again if the load failed), the accounts the site was given
 * with the `standard:events` change listeners, the person's confirmation (4001 when declined)
 * and the 4100 refusal of a site that was not allowed.
 */
export function createStandardWalletCore<signer>(options: {
  loadSigner: () => Promise<signer>
  confirm: (described: Described) => Promise<boolean>
}) {
  const listeners = new Set<StandardEventsListeners['change']>()
  let accounts: readonly WalletAccount[] = []
  let signer: Promise<signer> | undefined
  return {
    get accounts() {
      return accounts
    },
    setAccounts(next: readonly WalletAccount[]) {
      accounts = next
      for (const listener of listeners) listener({ accounts })
    },
    loadSigner(): Promise<signer> {
      signer ??= options.loadSigner()
      signer.catch(() => {
        signer = undefined
      })
      return signer
    },
    async ask(described: Described): Promise<void> {
      if (!(await options.confirm(described)))
        throw new DevnetWalletRpcError(4001, 'User rejected the request.')
    },
    unauthorized: () =>
      new DevnetWalletRpcError(
        4100,
        'The requested account and/or method has not been authorized by the user.',
      ),
    events: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        const change = listener as StandardEventsListeners['change']
        listeners.add(change)
        return () => listeners.delete(change)
      },
    } satisfies StandardEventsFeature['standard:events'],
  }
}
