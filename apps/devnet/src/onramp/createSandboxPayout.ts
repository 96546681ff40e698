import type { DevnetChain } from '@latch/api-contract'
import { type Address, encodeFunctionData, erc20Abi, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createDevnetClients } from '../createDevnetClients.ts'
import { createTransactionQueue, type TransactionQueue } from '../createTransactionQueue.ts'
import type { FundParameters, FundResponse } from '../faucetSchema.ts'
import type { SandboxBrand } from './sandboxBrands.ts'
import type { SandboxAsset } from './sandboxCatalog.ts'

export type SandboxPayout = (parameters: {
  brand: SandboxBrand
  asset: SandboxAsset
  address: Address
  /** Whole units of the asset, as decimal text. */
  amount: string
}) => Promise<{ transactionHash: Hash }>

/** Ether the faucet adds for the payout's own gas. */
const gasAllowance = '0.01'

/**
 * Pays a purchase out the way a provider does: the faucet tops the brand's funding account up
 * with what was bought (and a little ether for gas), then that account sends it to the buyer
 * in a real transaction, which the indexer sees (a faucet `setBalance` would leave none). One
 * queue per brand and chain keeps its transactions in order.
 */
export function createSandboxPayout({
  chains,
  fund,
}: {
  chains: readonly DevnetChain[]
  /** The devnet's faucet (`fund` bound to the running devnet, or its HTTP endpoint in tests). */
  fund: (parameters: FundParameters) => Promise<FundResponse>
}): SandboxPayout {
  const queues = new Map<string, TransactionQueue>()
  const queueFor = (brand: SandboxBrand, chain: DevnetChain) => {
    const key = `${brand.id}:${chain.id}`
    let queue = queues.get(key)
    if (!queue) {
      const clients = createDevnetClients({
        chainId: chain.id,
        name: chain.name,
        rpcUrl: chain.rpcUrl,
        account: privateKeyToAccount(brand.fundingKey),
      })
      queue = createTransactionQueue(clients)
      queues.set(key, queue)
    }
    return queue
  }

  return async ({ brand, asset, address, amount }) => {
    const chain = chains.find((entry) => entry.id === asset.chainId)
    if (!chain) throw new Error(`No devnet chain ${asset.chainId}.`)
    const funding = privateKeyToAccount(brand.fundingKey).address
    const isNative = /^0x0{40}$/.test(asset.contract)
    return queueFor(brand, chain).run(async (send) => {
      await fund({ address: funding, chainId: chain.id, token: 'ETH', amount: gasAllowance })
      await fund({ address: funding, chainId: chain.id, token: asset.symbol, amount })
      const value = parseAmount(amount, asset.decimals)
      const receipt = isNative
        ? await send(`pay ${amount} ${asset.symbol} to ${address}`, { to: address, value })
        : await send(`pay ${amount} ${asset.symbol} to ${address}`, {
            to: asset.contract as Address,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [address, value],
            }),
          })
      return { transactionHash: receipt.transactionHash }
    })
  }
}

function parseAmount(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
}
