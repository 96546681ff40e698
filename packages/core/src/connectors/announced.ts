import type { Eip6963ProviderDetail } from '../eip6963/watchAnnouncedProviders.ts'
import { ConnectorAccountNotFoundError, ProviderRequestError } from '../errors/connector.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import { loadNormalizedAccounts } from './loadNormalizedAccounts.ts'
import type { Connector, ConnectorEvents } from './types.ts'

/**
 * A connector for a wallet discovered through EIP-6963 (browser extension or in-page wallet).
 * Its id is the wallet's rdns so a reload finds the same wallet again.
 */
export function announced(detail: Eip6963ProviderDetail): Connector {
  const { info, provider } = detail
  const emitter = createEmitter<ConnectorEvents>()
  let detach: (() => void) | undefined

  function attach() {
    if (detach) return
    const onAccountsChanged = (accounts: unknown) =>
      void loadNormalizedAccounts(accounts).then((normalized) =>
        emitter.emit('accountsChanged', normalized),
      )
    const onChainChanged = (chainId: unknown) => {
      const id = parseChainId(chainId)
      if (id !== undefined) emitter.emit('chainChanged', id)
    }
    const onDisconnect = (error: unknown) =>
      emitter.emit('disconnect', error instanceof Error ? error : undefined)
    provider.on?.('accountsChanged', onAccountsChanged)
    provider.on?.('chainChanged', onChainChanged)
    provider.on?.('disconnect', onDisconnect)
    detach = () => {
      provider.removeListener?.('accountsChanged', onAccountsChanged)
      provider.removeListener?.('chainChanged', onChainChanged)
      provider.removeListener?.('disconnect', onDisconnect)
    }
  }

  async function readChainId(): Promise<number> {
    const value = await provider.request({ method: 'eth_chainId' })
    const chainId = parseChainId(value)
    if (chainId === undefined)
      throw new ProviderRequestError(
        `"${info.name}" answered eth_chainId with "${String(value)}"`,
        {},
      )
    return chainId
  }

  return {
    id: info.rdns,
    name: info.name,
    icon: info.icon,
    type: 'ANNOUNCED',
    chainNamespace: 'eip155',
    rdns: info.rdns,
    async connect(parameters = {}) {
      const accounts = await loadNormalizedAccounts(
        await provider.request({
          method: parameters.isReconnecting ? 'eth_accounts' : 'eth_requestAccounts',
        }),
      )
      if (accounts.length === 0) throw new ConnectorAccountNotFoundError(info.name)
      const chainId = await readChainId()
      attach()
      return { accounts, chainId }
    },
    async disconnect() {
      detach?.()
      detach = undefined
      // EIP-2255 revocation lets the next connect prompt again; many wallets lack it.
      await provider
        .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
        .catch(() => {})
    },
    getProvider: async () => provider,
    async isAuthorized() {
      try {
        const accounts = await provider.request({ method: 'eth_accounts' })
        return (await loadNormalizedAccounts(accounts)).length > 0
      } catch {
        return false
      }
    },
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
  }
}
