import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { nativeCurrency } from './devnetAssets.ts'

/** The canonical Multicall3 address; the devnet installs its own Multicall3 there. */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

export type CreateDevnetClientsParameters = {
  chainId: number
  name: string
  rpcUrl: string
  /** The deployer, faucet and contract owner (send through `createTransactionQueue`). */
  account: PrivateKeyAccount
}

export type DevnetClients = {
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
  walletClient: WalletClient<Transport, Chain, PrivateKeyAccount>
  testClient: TestClient<'anvil', Transport, Chain>
}

/**
 * How long one request to anvil may take, `eth_sendRawTransactionSync` included (it answers once
 * the transaction is mined, which takes milliseconds even on a loaded machine).
 */
export const requestTimeoutMs = 20_000

/** viem clients for one devnet chain; polling is fast because anvil mines each transaction at once. */
export function createDevnetClients(parameters: CreateDevnetClientsParameters): DevnetClients {
  const { chainId, name, rpcUrl, account } = parameters
  const chain = defineChain({
    id: chainId,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: multicall3Address } },
    testnet: true,
  })
  const transport = http(rpcUrl, { timeout: requestTimeoutMs })
  const pollingInterval = 20
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval }),
    walletClient: createWalletClient({ account, chain, transport, pollingInterval }),
    testClient: createTestClient({ mode: 'anvil', chain, transport, pollingInterval }),
  }
}
