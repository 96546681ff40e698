import {
  type ConvertTokensResponse,
  convertAllowanceQuerySchema,
  convertBuildApproveQuerySchema,
  convertBuildTransactionBodySchema,
  convertGasPriceQuerySchema,
  convertQuotesQuerySchema,
  convertTokensQuerySchema,
} from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { buildApproveTransaction } from '../services/swaps/buildApproveTransaction.ts'
import { buildSwapTransaction } from '../services/swaps/buildSwapTransaction.ts'
import { getSwapAllowance } from '../services/swaps/getSwapAllowance.ts'
import { getSwapGasPrice } from '../services/swaps/getSwapGasPrice.ts'
import { getSwapQuote } from '../services/swaps/getSwapQuote.ts'
import { listSwapTokens } from '../services/swaps/listSwapTokens.ts'
import type { SwapDeps } from '../services/swaps/swapDeps.ts'
import { createQueryParser } from './createQueryParser.ts'
import { parseJsonBody } from './parseJsonBody.ts'
import { parseQuery } from './parseQuery.ts'
import { getTokenImageUrl } from './tokenImage.ts'
import { toQuotesBody } from './toQuotesBody.ts'

/**
 * The convert (swap) routes of spec section 7, `/v1/convert/*`, in the shapes AppKit's swap
 * client reads: tokens, quotes, allowance, gas price, the approval and the swap transaction.
 * Mounted under `/v1`; the app's middleware has already checked the project, the origin and
 * the rate limits (all but `build-transaction` are reads).
 */
export function convertRoute(deps: SwapDeps) {
  // Quotes are polled as the amount is typed: a repeated query string is not validated again.
  const parseQuotesQuery = createQueryParser(convertQuotesQuerySchema)
  return new Hono<AppEnv>()
    .get('/convert/tokens', async (c) => {
      const query = parseQuery(convertTokensQuerySchema, c.req.query())
      const origin = c.get('apiOrigin')
      const tokens = await listSwapTokens(deps, {
        chainId: query.chainId,
        iconUrl: (address) => getTokenImageUrl(origin, query.chainId, address),
      })
      return c.json({ tokens } satisfies ConvertTokensResponse)
    })
    .get('/convert/quotes', async (c) => {
      const query = parseQuotesQuery(c.req)
      const quote = await getSwapQuote(deps, {
        from: query.from,
        to: query.to,
        amount: BigInt(query.amount),
        userAddress: query.userAddress,
        gasPrice: query.gasPrice ? BigInt(query.gasPrice) : undefined,
        slippage: query.slippage,
        signal: c.req.raw.signal,
      })
      // A quote is of this moment: never kept by a cache.
      c.header('Cache-Control', 'no-store')
      return c.body(toQuotesBody(quote), 200, { 'Content-Type': 'application/json' })
    })
    .get('/convert/allowance', async (c) => {
      const query = parseQuery(convertAllowanceQuerySchema, c.req.query())
      c.header('Cache-Control', 'no-store')
      return c.json(await getSwapAllowance(deps, query))
    })
    .get('/convert/gas-price', async (c) => {
      const query = parseQuery(convertGasPriceQuerySchema, c.req.query())
      return c.json(await getSwapGasPrice(deps, query))
    })
    .get('/convert/build-approve', async (c) => {
      const query = parseQuery(convertBuildApproveQuerySchema, c.req.query())
      c.header('Cache-Control', 'no-store')
      return c.json(
        await buildApproveTransaction(deps, {
          from: query.from,
          to: query.to,
          userAddress: query.userAddress,
          amount: query.amount === undefined ? undefined : BigInt(query.amount),
        }),
      )
    })
    .post('/convert/build-transaction', async (c) => {
      const body = parseJsonBody(convertBuildTransactionBodySchema, await c.req.text())
      c.header('Cache-Control', 'no-store')
      return c.json(
        await buildSwapTransaction(deps, {
          from: body.from,
          to: body.to,
          amount: BigInt(body.amount),
          userAddress: body.userAddress,
          slippage: body.eip155?.slippage,
          disableEstimate: body.disableEstimate,
          toAmount: body.toAmount === undefined ? undefined : BigInt(body.toAmount),
          signal: c.req.raw.signal,
        }),
      )
    })
}
