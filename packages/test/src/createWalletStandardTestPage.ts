import type { LatchBitcoinNetwork, LatchNetwork, LatchSolanaNetwork } from '@latch/core'
import type { Wallet } from '@wallet-standard/base'

export type CreateWalletStandardTestPageParameters = {
  /** `@wallet-standard/app`'s getWallets: called once the page's window exists. */
  getWallets(): { register(...wallets: Wallet[]): () => void }
}

/**
 * A page in Node where Wallet Standard wallets (`createSolanaTestWallet`,
 * `createBitcoinTestWallet`) and the app meet, with a network of each namespace:
 * - `networks`: the devnet's EVM chain (31337), a Solana cluster of its own genesis hash,
 *   Bitcoin regtest and testnet, as the page config lists them; their RPC URLs are a closed
 *   port (these tests talk to wallets, never to a node);
 * - `open()`: gives the process the page's window (an EventTarget) if it has none. Call it in
 *   `beforeAll`, after anything that must not see a window (PGlite takes one for a browser);
 * - `register(wallet)`: the wallet announces itself on the page; returns its unregister;
 * - `unregisterAll()`: every wallet registered so far leaves the page (an `afterEach`/`afterAll`).
 */
export function createWalletStandardTestPage(parameters: CreateWalletStandardTestPageParameters) {
  const evm: LatchNetwork = {
    id: 31337,
    name: 'Latch Devnet',
    caipNetworkId: 'eip155:31337',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  }
  const solanaReference = `4Latch${'1'.repeat(26)}`
  const solana: LatchSolanaNetwork = {
    namespace: 'solana',
    reference: solanaReference,
    name: 'Latch Solana',
    caipNetworkId: `solana:${solanaReference}`,
    rpcUrl: 'http://127.0.0.1:1/v1/solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  }
  const regtest: LatchBitcoinNetwork = {
    namespace: 'bip122',
    reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Latch Bitcoin',
    caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    network: 'regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  }
  const bitcoinTestnet: LatchBitcoinNetwork = {
    ...regtest,
    reference: '000000000933ea01ad0ee984209779ba',
    name: 'Bitcoin testnet',
    caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
    network: 'testnet',
  }
  const unregisters: (() => void)[] = []
  return {
    networks: { evm, solana, regtest, bitcoinTestnet },
    open() {
      ;(globalThis as { window?: unknown }).window ??= new EventTarget()
    },
    register(wallet: Wallet): () => void {
      if (!('window' in globalThis))
        throw new Error('createWalletStandardTestPage: call open() before register()')
      const unregister = parameters.getWallets().register(wallet)
      unregisters.push(unregister)
      return unregister
    },
    unregisterAll() {
      for (const unregister of unregisters.splice(0)) unregister()
    },
  }
}
