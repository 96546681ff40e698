import type { DevnetChain } from '@latch/api-contract'
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { latchCollectionAbi, latchTokenAbi, uniswapV2RouterAbi, wrappedEtherAbi } from './abis.ts'
import { type Artifact, readLatchArtifact, readUniswapArtifact } from './artifacts.ts'
import { type DevnetClients, multicall3Address } from './createDevnetClients.ts'
import type { TransactionQueue } from './createTransactionQueue.ts'
import {
  type DevnetTokenSymbol,
  devnetCollection,
  devnetPools,
  devnetTokens,
  nativeCurrency,
} from './devnetAssets.ts'
import { DevnetTransactionError } from './errors.ts'

export type DeployDevnetContractsParameters = {
  clients: DevnetClients
  /** The owner's transactions on this chain; the faucet keeps using it afterwards. */
  transactions: TransactionQueue
  rpcUrl: string
  /** `tokenURI(id)` is this plus the id; the services server answers there. */
  nftBaseUri: string
  /** Each receives `faucetAmount` of every token. */
  fundedAccounts: readonly Address[]
  /** Receives lanterns #1 to #3; #4 and #5 go to the first two funded accounts. */
  demoWallet: Address
}

/**
 * Deploys the tokens, Uniswap V2 (factory, Router02, seeded pools), the lantern collection and
 * Multicall3 on a fresh anvil, and funds the accounts. Every transaction goes out in a fixed order
 * from a fresh deployer, one after the other, so that addresses, lantern ids and pair indexes are
 * the same on every chain and every run.
 */
export async function deployDevnetContracts(
  parameters: DeployDevnetContractsParameters,
): Promise<DevnetChain> {
  const { clients, transactions, rpcUrl, nftBaseUri, fundedAccounts, demoWallet } = parameters
  const { walletClient, testClient, chain } = clients
  const deployer = walletClient.account.address

  await testClient.setCode({
    address: multicall3Address,
    bytecode: readLatchArtifact('Multicall3').deployedBytecode,
  })

  const { tokenAddresses, factory, router, nft } = await transactions.run(async (send) => {
    const deploy = async (
      name: string,
      artifact: Artifact,
      args: readonly unknown[] = [],
    ): Promise<Address> => {
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args })
      const receipt = await send(`deploy ${name}`, { data })
      if (!receipt.contractAddress) {
        throw new DevnetTransactionError(
          `Step "deploy ${name}" created no contract on ${chain.name} (${chain.id}).`,
          { chainId: chain.id, step: `deploy ${name}` },
        )
      }
      return getAddress(receipt.contractAddress)
    }
    const tokenAddresses = {} as Record<DevnetTokenSymbol, Address>
    for (const token of devnetTokens) {
      tokenAddresses[token.symbol] =
        token.symbol === 'WETH'
          ? await deploy(token.symbol, readLatchArtifact('WrappedEther'))
          : await deploy(token.symbol, readLatchArtifact('LatchToken'), [
              token.name,
              token.symbol,
              token.decimals,
            ])
    }
    const factory = await deploy('UniswapV2Factory', readUniswapArtifact('UniswapV2Factory'), [
      deployer,
    ])
    const router = await deploy('UniswapV2Router02', readUniswapArtifact('UniswapV2Router02'), [
      factory,
      tokenAddresses.WETH,
    ])
    const nft = await deploy('LatchCollection', readLatchArtifact('LatchCollection'), [
      devnetCollection.name,
      devnetCollection.symbol,
      nftBaseUri,
    ])

    const mint = (symbol: DevnetTokenSymbol, to: Address, value: bigint) => {
      const decimals = devnetTokens.find((token) => token.symbol === symbol)?.decimals ?? 18
      return send(
        `mint ${formatUnits(value, decimals)} ${symbol} for ${to}`,
        symbol === 'WETH'
          ? {
              to: tokenAddresses.WETH,
              data: encodeFunctionData({
                abi: wrappedEtherAbi,
                functionName: 'depositTo',
                args: [to],
              }),
              value,
            }
          : {
              to: tokenAddresses[symbol],
              data: encodeFunctionData({
                abi: latchTokenAbi,
                functionName: 'mint',
                args: [to, value],
              }),
            },
      )
    }

    for (const account of fundedAccounts) {
      for (const token of devnetTokens) {
        await mint(token.symbol, account, units(token.symbol, token.faucetAmount))
      }
    }

    // Lantern ids count from 1 in minting order.
    const lanternOwners = [demoWallet, demoWallet, demoWallet, ...fundedAccounts.slice(0, 2)]
    for (const [index, owner] of lanternOwners.entries()) {
      await send(`mint lantern #${index + 1} for ${owner}`, {
        to: nft,
        data: encodeFunctionData({ abi: latchCollectionAbi, functionName: 'mint', args: [owner] }),
      })
    }

    // The pools' tokens, minted to the deployer and approved for the router.
    const needed = new Map<DevnetTokenSymbol, bigint>()
    for (const pool of devnetPools) {
      for (const [symbol, amount] of [
        [pool.a, pool.amountA],
        [pool.b, pool.amountB],
      ] as const) {
        if (symbol !== 'ETH') needed.set(symbol, (needed.get(symbol) ?? 0n) + units(symbol, amount))
      }
    }
    for (const [symbol, amount] of needed) {
      await mint(symbol, deployer, amount)
      await send(`approve ${symbol} for the router`, {
        to: tokenAddresses[symbol],
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [router, maxUint256],
        }),
      })
    }
    // In order: each pair's index in the factory then stays the same.
    for (const pool of devnetPools) {
      const step = `add ${pool.a}/${pool.b} liquidity`
      if (pool.a === 'ETH' || pool.b === 'ETH') {
        const [token, amountToken, amountEth] =
          pool.a === 'ETH'
            ? [pool.b, pool.amountB, pool.amountA]
            : [pool.a, pool.amountA, pool.amountB]
        await send(step, {
          to: router,
          data: encodeFunctionData({
            abi: uniswapV2RouterAbi,
            functionName: 'addLiquidityETH',
            args: [tokenAddresses[token], units(token, amountToken), 0n, 0n, deployer, maxUint256],
          }),
          value: parseEther(amountEth),
        })
      } else {
        await send(step, {
          to: router,
          data: encodeFunctionData({
            abi: uniswapV2RouterAbi,
            functionName: 'addLiquidity',
            args: [
              tokenAddresses[pool.a],
              tokenAddresses[pool.b],
              units(pool.a, pool.amountA),
              units(pool.b, pool.amountB),
              0n,
              0n,
              deployer,
              maxUint256,
            ],
          }),
        })
      }
    }
    return { tokenAddresses, factory, router, nft }
  })

  // The pools and the WETH took some of the owner's ether: give back the 10000 every anvil account starts with.
  await testClient.setBalance({ address: deployer, value: parseEther('10000') })

  return {
    id: chain.id,
    name: chain.name,
    caipNetworkId: `eip155:${chain.id}`,
    rpcUrl,
    nativeCurrency: { ...nativeCurrency },
    contracts: {
      multicall3: multicall3Address,
      weth: tokenAddresses.WETH,
      usd: tokenAddresses.LUSD,
      uniswapV2Factory: factory,
      uniswapV2Router: router,
      nft,
    },
    tokens: devnetTokens.map((token) => ({
      address: tokenAddresses[token.symbol],
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      seedPriceUsd: token.seedPriceUsd,
    })),
    nft: { address: nft, ...devnetCollection, baseUri: nftBaseUri },
  }
}

function units(symbol: DevnetTokenSymbol | 'ETH', amount: string): bigint {
  return symbol === 'ETH'
    ? parseEther(amount)
    : parseUnits(amount, devnetTokens.find((token) => token.symbol === symbol)?.decimals ?? 18)
}
