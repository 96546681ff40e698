import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  anvilAccounts,
  isPortFree,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from '@latch/test'
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import type { ApiNetwork } from '../../network.ts'

/** anvil's first four well-known accounts: unlocked, each with 10000 ETH. */
export const testAccounts = anvilAccounts.slice(0, 4).map((account) => account.address) as [
  Address,
  Address,
  Address,
  Address,
]

export const tokenAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
])
export const collectionAbi = parseAbi([
  'function mint(address to) returns (uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function setBaseURI(string baseURI)',
])

const artifactsDir = path.resolve(import.meta.dirname, '../../../../devnet/artifacts')

/** The devnet's compiled contracts (read as files: the API does not import the devnet). */
function readArtifact(name: 'LatchToken' | 'LatchCollection'): { abi: Abi; bytecode: Hex } {
  const artifact = JSON.parse(readFileSync(path.join(artifactsDir, `${name}.json`), 'utf8'))
  return { abi: artifact.abi, bytecode: artifact.bytecode }
}

export type TestChain = Awaited<ReturnType<typeof createTestChain>>

/**
 * A bare anvil for indexer tests, with the viem clients to drive it and helpers to deploy the
 * devnet's ERC-20 and ERC-721 and send transactions from the unlocked test accounts.
 */
export async function createTestChain({
  chainId = 31337,
  timeout = 2_000,
}: {
  chainId?: number
  /** Per-request RPC timeout of the clients, in ms. */
  timeout?: number
} = {}) {
  let anvil: StartTestAnvilReturnType = await startTestAnvil({ chainId })
  const chain = defineChain({
    id: chainId,
    name: 'Indexer Test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  const transport = http(anvil.rpcUrl, { timeout, retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport }) as PublicClient
  const walletClient = createWalletClient({ chain, transport })
  const testClient = createTestClient({ chain, mode: 'anvil', transport })

  const wait = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return receipt
  }

  const deploy = async (
    name: 'LatchToken' | 'LatchCollection',
    args: readonly unknown[],
  ): Promise<Address> => {
    const { abi, bytecode } = readArtifact(name)
    const hash = await walletClient.deployContract({
      abi,
      bytecode,
      args,
      account: testAccounts[0],
      chain,
    })
    const receipt = await wait(hash)
    if (!receipt.contractAddress) throw new Error(`Deploying ${name} created no contract.`)
    return getAddress(receipt.contractAddress)
  }

  return {
    chainId,
    get rpcUrl() {
      return anvil.rpcUrl
    },
    /** anvil itself, without the devnet's browser guard in front (which runs in this process). */
    get internalRpcUrl() {
      return anvil.internalRpcUrl
    },
    publicClient,
    walletClient,
    testClient,
    wait,
    network: {
      id: chainId,
      name: 'Indexer Test',
      rpcUrl: anvil.rpcUrl,
      publicRpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      nativePriceUsd: 0,
      testnet: true,
      tokens: [],
    } as unknown as ApiNetwork,
    clients: new Map([[chainId, publicClient]]) as ChainClients,
    deployToken: (name: string, symbol: string, decimals: number) =>
      deploy('LatchToken', [name, symbol, decimals]),
    deployCollection: (name: string, symbol: string, baseUri: string) =>
      deploy('LatchCollection', [name, symbol, baseUri]),
    /** Sends a transaction from an unlocked account and waits for its receipt. */
    async send(parameters: {
      from: Address
      to: Address
      value?: bigint
      data?: Hex
      gas?: bigint
    }) {
      const hash = await walletClient.sendTransaction({
        account: parameters.from,
        chain,
        to: parameters.to,
        value: parameters.value,
        data: parameters.data,
        gas: parameters.gas,
      })
      return wait(hash)
    },
    /** A raw JSON-RPC call, for anvil methods viem does not type (`anvil_reorg`). */
    rpc(method: string, params: unknown[] = []): Promise<unknown> {
      return anvil.rpc(method, params)
    },
    async head(): Promise<number> {
      return Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
    },
    /** Every transaction hash on the chain now, block 0 to the head. */
    async listTransactionHashes(): Promise<string[]> {
      const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
      const hashes: string[] = []
      for (let number = 0; number <= head; number++) {
        const block = await publicClient.getBlock({ blockNumber: BigInt(number) })
        hashes.push(...block.transactions.map((hash) => hash.toLowerCase()))
      }
      return hashes.sort()
    },
    /** Ends anvil and starts a fresh one (a new genesis) on the same port. */
    async restart() {
      const port = anvil.port
      await anvil.stop()
      // The port can take a moment to be released after the process ends.
      const deadline = Date.now() + 10_000
      while (!(await isPortFree(port)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      anvil = await startTestAnvil({ chainId, port })
    },
    stopAnvil: () => anvil.stop(),
    stop: () => anvil.stop(),
  }
}
