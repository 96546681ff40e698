import type { DevnetChain } from '@latch/api-contract'
import { type Address, erc20Abi, getAddress, maxUint256, parseEther, parseUnits } from 'viem'
import { latchCollectionAbi, latchTokenAbi, uniswapV2RouterAbi, wrappedEtherAbi } from './abis.ts'
import { readLatchArtifact, readUniswapArtifact } from './artifacts.ts'
import { type DevnetClients, multicall3Address } from './createDevnetClients.ts'
import {
  type DevnetTokenSymbol,
  devnetCollection,
  devnetPools,
  devnetTokens,
  nativeCurrency,
} from './devnetAssets.ts'
import { waitForSuccess } from './waitForSuccess.ts'

export type DeployDevnetContractsParameters = {
  clients: DevnetClients
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
 * Multicall3 on a fresh anvil, and funds the accounts. Contracts are created in a fixed order from
 * a fresh deployer, so their addresses are the same on every chain and every run.
 */
export async function deployDevnetContracts(
  parameters: DeployDevnetContractsParameters,
): Promise<DevnetChain> {
  const { clients, rpcUrl, nftBaseUri, fundedAccounts, demoWallet } = parameters
  const { walletClient, testClient, chain } = clients
  const deployer = walletClient.account.address

  await testClient.setCode({
    address: multicall3Address,
    bytecode: readLatchArtifact('Multicall3').deployedBytecode,
  })

  // Deployments one after the other: the deployer's nonce, hence each address, stays fixed.
  const deploy = async (
    artifact: ReturnType<typeof readLatchArtifact>,
    args: readonly unknown[] = [],
  ): Promise<Address> => {
    const receipt = await waitForSuccess(
      clients,
      walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args }),
    )
    if (!receipt.contractAddress) throw new Error('Deployment returned no contract address.')
    return getAddress(receipt.contractAddress)
  }
  const tokenAddresses = {} as Record<DevnetTokenSymbol, Address>
  for (const token of devnetTokens) {
    tokenAddresses[token.symbol] =
      token.symbol === 'WETH'
        ? await deploy(readLatchArtifact('WrappedEther'))
        : await deploy(readLatchArtifact('LatchToken'), [token.name, token.symbol, token.decimals])
  }
  const factory = await deploy(readUniswapArtifact('UniswapV2Factory'), [deployer])
  const router = await deploy(readUniswapArtifact('UniswapV2Router02'), [
    factory,
    tokenAddresses.WETH,
  ])
  const nft = await deploy(readLatchArtifact('LatchCollection'), [
    devnetCollection.name,
    devnetCollection.symbol,
    nftBaseUri,
  ])

  const mint = (symbol: DevnetTokenSymbol, to: Address, amount: bigint) =>
    symbol === 'WETH'
      ? waitForSuccess(
          clients,
          walletClient.writeContract({
            address: tokenAddresses.WETH,
            abi: wrappedEtherAbi,
            functionName: 'depositTo',
            args: [to],
            value: amount,
          }),
        )
      : waitForSuccess(
          clients,
          walletClient.writeContract({
            address: tokenAddresses[symbol],
            abi: latchTokenAbi,
            functionName: 'mint',
            args: [to, amount],
          }),
        )

  const fundAccounts = Promise.all(
    fundedAccounts.flatMap((account) =>
      devnetTokens.map((token) =>
        mint(token.symbol, account, parseUnits(token.faucetAmount, token.decimals)),
      ),
    ),
  )

  // Lanterns in sequence so that each id always lands with the same owner.
  const mintLanterns = (async () => {
    const owners = [demoWallet, demoWallet, demoWallet, ...fundedAccounts.slice(0, 2)]
    for (const owner of owners) {
      await waitForSuccess(
        clients,
        walletClient.writeContract({
          address: nft,
          abi: latchCollectionAbi,
          functionName: 'mint',
          args: [owner],
        }),
      )
    }
  })()

  const seedPools = (async () => {
    const units = (symbol: DevnetTokenSymbol | 'ETH', amount: string) =>
      symbol === 'ETH'
        ? parseEther(amount)
        : parseUnits(amount, devnetTokens.find((token) => token.symbol === symbol)?.decimals ?? 18)
    const needed = new Map<DevnetTokenSymbol, bigint>()
    for (const pool of devnetPools) {
      for (const [symbol, amount] of [
        [pool.a, pool.amountA],
        [pool.b, pool.amountB],
      ] as const) {
        if (symbol !== 'ETH') needed.set(symbol, (needed.get(symbol) ?? 0n) + units(symbol, amount))
      }
    }
    await Promise.all(
      [...needed].flatMap(([symbol, amount]) => [
        mint(symbol, deployer, amount),
        waitForSuccess(
          clients,
          walletClient.writeContract({
            address: tokenAddresses[symbol],
            abi: erc20Abi,
            functionName: 'approve',
            args: [router, maxUint256],
          }),
        ),
      ]),
    )
    // In sequence: each pair's index in the factory then stays the same.
    for (const pool of devnetPools) {
      if (pool.a === 'ETH' || pool.b === 'ETH') {
        const [token, amountToken, amountEth] =
          pool.a === 'ETH'
            ? [pool.b, pool.amountB, pool.amountA]
            : [pool.a, pool.amountA, pool.amountB]
        await waitForSuccess(
          clients,
          walletClient.writeContract({
            address: router,
            abi: uniswapV2RouterAbi,
            functionName: 'addLiquidityETH',
            args: [tokenAddresses[token], units(token, amountToken), 0n, 0n, deployer, maxUint256],
            value: parseEther(amountEth),
          }),
        )
      } else {
        await waitForSuccess(
          clients,
          walletClient.writeContract({
            address: router,
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
        )
      }
    }
  })()

  await Promise.all([fundAccounts, mintLanterns, seedPools])
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
