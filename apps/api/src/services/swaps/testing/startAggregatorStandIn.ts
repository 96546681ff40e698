import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  isAddress,
  isAddressEqual,
  type PublicClient,
} from 'viem'
import { uniswapV2RouterAbi } from '../createUniswapV2SwapSource.ts'
import { swapNativeAddress } from '../swapSource.ts'

/** One chain the stand-in aggregates: the devnet's router and WETH. */
export type AggregatorStandInChain = { client: PublicClient; router: Address; weth: Address }

/** How the stand-in answers: normally, with 500s, or not at all (its port closed). */
export type AggregatorStandInMode = 'up' | 'error'

export type StartAggregatorStandInReturnType = {
  /** The base URL, as LATCH_SWAP_AGGREGATOR_URL takes it. */
  url: string
  /** Requests served, newest last (path and query), to see what was asked. */
  requests: string[]
  setMode(mode: AggregatorStandInMode): void
  stop(): Promise<void>
}

/**
 * A local stand-in of a 1inch-style swap API (v6 shapes: `GET /{chainId}/quote`, `/swap`,
 * `/approve/spender`), for tests: it quotes the devnet's Uniswap V2 router on the direct pair
 * only (so the pools' source, which also routes through WETH or the stablecoin, can be told
 * apart), builds the router's calldata with its own minimum, and checks the bearer key.
 */
export async function startAggregatorStandIn({
  chains,
  apiKey,
}: {
  chains: ReadonlyMap<number, AggregatorStandInChain>
  apiKey?: string | undefined
}): Promise<StartAggregatorStandInReturnType> {
  let mode: AggregatorStandInMode = 'up'
  const requests: string[] = []
  const app = new Hono()
  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    requests.push(`${url.pathname}${url.search}`)
    if (mode === 'error') return c.json({ statusCode: 500, description: 'Internal error' }, 500)
    if (apiKey && c.req.header('authorization') !== `Bearer ${apiKey}`)
      return c.json({ statusCode: 401, description: 'Unauthorized' }, 401)
    await next()
  })
  const chainOf = (id: string) => chains.get(Number(id))

  app.get('/:chainId/approve/spender', (c) => {
    const chain = chainOf(c.req.param('chainId'))
    if (!chain) return c.json({ statusCode: 400, description: 'Chain is not supported' }, 400)
    return c.json({ address: chain.router })
  })

  const quote = async (
    chain: AggregatorStandInChain,
    src: Address,
    dst: Address,
    amount: bigint,
  ) => {
    const path = [src, dst].map((token) =>
      isAddressEqual(token, swapNativeAddress) ? chain.weth : token,
    )
    const amounts = await chain.client
      .readContract({
        address: chain.router,
        abi: uniswapV2RouterAbi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
      .catch(() => undefined)
    return { path, dstAmount: amounts?.at(-1) }
  }
  const readTrade = (query: Record<string, string>) => {
    const { src, dst, amount } = query
    if (!src || !dst || !isAddress(src) || !isAddress(dst) || !/^\d+$/.test(amount ?? ''))
      return undefined
    return {
      src: getAddress(src.toLowerCase()),
      dst: getAddress(dst.toLowerCase()),
      amount: BigInt(amount as string),
    }
  }

  app.get('/:chainId/quote', async (c) => {
    const chain = chainOf(c.req.param('chainId'))
    const trade = readTrade(c.req.query())
    if (!chain || !trade) return c.json({ statusCode: 400, description: 'Invalid request' }, 400)
    const { dstAmount } = await quote(chain, trade.src, trade.dst, trade.amount)
    if (!dstAmount) return c.json({ statusCode: 400, description: 'insufficient liquidity' }, 400)
    return c.json({ dstAmount: dstAmount.toString(), gas: 180_000 })
  })

  app.get('/:chainId/swap', async (c) => {
    const chain = chainOf(c.req.param('chainId'))
    const query = c.req.query()
    const trade = readTrade(query)
    const from = query.from
    if (!chain || !trade || !from || !isAddress(from))
      return c.json({ statusCode: 400, description: 'Invalid request' }, 400)
    const { path, dstAmount } = await quote(chain, trade.src, trade.dst, trade.amount)
    if (!dstAmount) return c.json({ statusCode: 400, description: 'insufficient liquidity' }, 400)
    const slippageBps = BigInt(Math.round(Number(query.slippage ?? '1') * 100))
    const minReturn = (dstAmount * (10_000n - slippageBps)) / 10_000n
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 1200)
    const nativeIn = isAddressEqual(trade.src, swapNativeAddress)
    const nativeOut = isAddressEqual(trade.dst, swapNativeAddress)
    const data = nativeIn
      ? encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [minReturn, path, from, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: nativeOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [trade.amount, minReturn, path, from, deadline],
        })
    return c.json({
      dstAmount: dstAmount.toString(),
      tx: {
        from,
        to: chain.router,
        data,
        value: nativeIn ? trade.amount.toString() : '0',
        gas: 0,
        gasPrice: '1000000000',
      },
    })
  })

  const server: Server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
