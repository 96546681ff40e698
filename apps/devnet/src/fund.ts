import type { DevnetChain } from '@latch/api-contract'
import { type Address, encodeFunctionData, getAddress, parseUnits } from 'viem'
import { latchCollectionAbi, latchTokenAbi, wrappedEtherAbi } from './abis.ts'
import type { DevnetClients } from './createDevnetClients.ts'
import type { SendTransaction, TransactionQueue } from './createTransactionQueue.ts'
import { devnetTokens, nativeCurrency, nativeFaucetAmount } from './devnetAssets.ts'
import { FaucetRequestError } from './errors.ts'
import type { FundedAsset, FundParameters, FundResponse } from './faucetSchema.ts'

/**
 * What the faucet needs of a running devnet: each chain with clients of its owner account and the
 * queue its transactions go through (the one the deployment used).
 */
export type FaucetDevnet = {
  chains: readonly { chain: DevnetChain; clients: DevnetClients; transactions: TransactionQueue }[]
}

/**
 * Gives `address` native currency (set on anvil) and tokens (minted by the owner) on one chain or
 * all of them. Throws `FaucetRequestError` for a chain, token or amount the devnet cannot serve.
 *
 * Requests may arrive at once: on each chain, a request's assets are handed out one after the
 * other in one job of the chain's queue, after those of earlier requests; chains work in parallel.
 */
export async function fund(
  devnet: FaucetDevnet,
  parameters: FundParameters,
): Promise<FundResponse> {
  const address = getAddress(parameters.address)
  const targets =
    parameters.chainId === undefined
      ? devnet.chains
      : devnet.chains.filter(({ chain }) => chain.id === parameters.chainId)
  if (targets.length === 0) {
    throw new FaucetRequestError(
      `Unknown chain id "${parameters.chainId}". Devnet chains: ${devnet.chains.map(({ chain }) => chain.id).join(', ')}.`,
    )
  }

  const jobs = targets.map(({ chain, clients, transactions }) => {
    const assets = listAssets(chain)
    const wanted = parameters.token?.toUpperCase()
    const selected = wanted === undefined ? assets.filter((asset) => asset.byDefault) : assets
    const matches = wanted === undefined ? selected : selected.filter((a) => a.symbol === wanted)
    if (matches.length === 0) {
      throw new FaucetRequestError(
        `Unknown token "${parameters.token}" on chain ${chain.id}. Tokens: ${assets.map((asset) => asset.symbol).join(', ')}.`,
      )
    }
    const sends = matches.map((asset) => {
      const amount = parameters.amount ?? asset.defaultAmount
      const value = toUnits(amount, asset.decimals, asset.symbol)
      if (asset.maxUnits !== undefined && value > asset.maxUnits) {
        throw new FaucetRequestError(
          `Invalid amount "${amount}": at most ${asset.maxUnits} ${asset.symbol} per call.`,
        )
      }
      return (send: SendTransaction) => asset.send({ clients, send, address, value, amount })
    })
    return () =>
      transactions.run(async (send) => {
        const funded: FundedAsset[] = []
        for (const sendAsset of sends) funded.push(await sendAsset(send))
        return funded
      })
  })
  // Validate everything before the first transaction.
  const funded = (await Promise.all(jobs.map((job) => job()))).flat()
  return { address, funded }
}

type Asset = {
  symbol: string
  decimals: number
  defaultAmount: string
  /** Part of a call that names no token. */
  byDefault: boolean
  maxUnits?: bigint
  /** Runs inside the chain's queue: reads and writes of balances cannot interleave. */
  send: (parameters: {
    clients: DevnetClients
    send: SendTransaction
    address: Address
    value: bigint
    amount: string
  }) => Promise<FundedAsset>
}

function listAssets(chain: DevnetChain): Asset[] {
  const native: Asset = {
    symbol: nativeCurrency.symbol,
    decimals: nativeCurrency.decimals,
    defaultAmount: nativeFaucetAmount,
    byDefault: true,
    send: async ({ clients, address, value, amount }) => {
      const balance = await clients.publicClient.getBalance({ address })
      await clients.testClient.setBalance({ address, value: balance + value })
      return { chainId: chain.id, symbol: nativeCurrency.symbol, amount }
    },
  }
  const tokens = chain.tokens.map(
    (token): Asset => ({
      symbol: token.symbol.toUpperCase(),
      decimals: token.decimals,
      defaultAmount:
        devnetTokens.find((known) => known.symbol === token.symbol)?.faucetAmount ?? '100',
      byDefault: true,
      send: async ({ clients, send, address, value, amount }) => {
        const { walletClient, publicClient, testClient } = clients
        const step = `fund ${address} with ${amount} ${token.symbol}`
        let receipt: Awaited<ReturnType<SendTransaction>>
        if (token.address.toLowerCase() === chain.contracts.weth.toLowerCase()) {
          // WETH stays fully backed: top the owner up with the ether it then wraps for `address`.
          const owner = walletClient.account.address
          const balance = await publicClient.getBalance({ address: owner })
          await testClient.setBalance({ address: owner, value: balance + value })
          receipt = await send(step, {
            to: token.address as Address,
            data: encodeFunctionData({
              abi: wrappedEtherAbi,
              functionName: 'depositTo',
              args: [address],
            }),
            value,
          })
        } else {
          receipt = await send(step, {
            to: token.address as Address,
            data: encodeFunctionData({
              abi: latchTokenAbi,
              functionName: 'mint',
              args: [address, value],
            }),
          })
        }
        return {
          chainId: chain.id,
          symbol: token.symbol,
          amount,
          transactionHash: receipt.transactionHash,
        }
      },
    }),
  )
  const lanterns: Asset = {
    symbol: chain.nft.symbol.toUpperCase(),
    decimals: 0,
    defaultAmount: '1',
    byDefault: false,
    // Each lantern is its own transaction.
    maxUnits: 20n,
    send: async ({ send, address, value, amount }) => {
      const tokenIds: string[] = []
      let transactionHash: string | undefined
      for (let i = 0n; i < value; i++) {
        const receipt = await send(`fund ${address} with a lantern`, {
          to: chain.nft.address as Address,
          data: encodeFunctionData({
            abi: latchCollectionAbi,
            functionName: 'mint',
            args: [address],
          }),
        })
        // The Transfer log's third topic is the token id.
        const tokenId = receipt.logs.find(
          (log) => log.address.toLowerCase() === chain.nft.address.toLowerCase(),
        )?.topics[3]
        if (tokenId) tokenIds.push(BigInt(tokenId).toString())
        transactionHash = receipt.transactionHash
      }
      return { chainId: chain.id, symbol: chain.nft.symbol, amount, transactionHash, tokenIds }
    },
  }
  return [native, ...tokens, lanterns]
}

function toUnits(amount: string, decimals: number, symbol: string): bigint {
  const fraction = amount.split('.')[1] ?? ''
  if (fraction.length > decimals) {
    throw new FaucetRequestError(`Invalid amount "${amount}": ${symbol} has ${decimals} decimals.`)
  }
  return parseUnits(amount, decimals)
}
