import { type Address, getAddress, type Hex, isAddress, isAddressEqual } from 'viem'
import { z } from 'zod'
import { BaseError } from '../../errors/base.ts'
import { NoSwapRouteError, SwapAggregatorUnavailableError } from '../../errors/swap.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type {
  SwapBuildParameters,
  SwapQuoteParameters,
  SwapSource,
  SwapSourceQuote,
  SwapSourceTransaction,
} from './swapSource.ts'

export type CreateAggregatorSwapSourceParameters = {
  /** LATCH_SWAP_AGGREGATOR_URL: the API's base, e.g. `https://api.1inch.dev/swap/v6.0`. */
  baseUrl: string
  /** LATCH_SWAP_AGGREGATOR_KEY, sent as `Authorization: Bearer`. */
  apiKey?: string | undefined
  /** The guarded fetcher every outbound call goes through. */
  fetch: GuardedFetch
  /** The chains to ask it about (the swap networks); it may still refuse one. */
  chainIds: ReadonlySet<number>
  /** Bound on one call (default 5 s). */
  timeoutMs?: number | undefined
  /** After a failure, how long the aggregator rests on that chain (default 30 s): the pools answer meanwhile. */
  cooldownMs?: number | undefined
  /** The clock of the cooldown (tests move it). */
  now?: (() => number) | undefined
}

const amount = z.string().regex(/^\d{1,78}$/)
const address = z.string().refine(isAddress, 'Expected an address.')
const quoteSchema = z.object({ dstAmount: amount, gas: z.coerce.number().optional() })
const swapSchema = z.object({
  dstAmount: amount,
  tx: z.object({
    to: address,
    data: z.string().regex(/^0x[0-9a-fA-F]*$/),
    value: z.coerce.string().pipe(amount),
    gas: z.coerce.number().optional(),
  }),
})
const spenderSchema = z.object({ address })
const errorSchema = z.object({ description: z.string().optional(), error: z.string().optional() })

/** Fallback gas of an aggregator swap when it gives none. */
const defaultGas = 250_000n

/**
 * A 1inch-style swap aggregator over HTTP (v6 shapes): `GET /{chainId}/quote`, `/swap` and
 * `/approve/spender`, through the guarded fetcher with the key as a bearer token. A 4xx that
 * speaks of liquidity or no route is `NoSwapRouteError`; anything else that fails (refused,
 * timed out, 5xx, an answer of the wrong shape) is `SwapAggregatorUnavailableError`, on which
 * the service falls back to the pools; the aggregator then rests on that chain for
 * `cooldownMs`, so a dead aggregator costs no wait and no log line per quote.
 */
export function createAggregatorSwapSource({
  baseUrl,
  apiKey,
  fetch,
  chainIds,
  timeoutMs = 5_000,
  cooldownMs = 30_000,
  now = Date.now,
}: CreateAggregatorSwapSourceParameters): SwapSource {
  const base = baseUrl.replace(/\/+$/, '')
  const spenders = new Map<number, Address>()
  /** Per chain, until when the aggregator is not asked (after it failed). */
  const restingUntil = new Map<number, number>()

  return {
    name: 'aggregator',
    supports: (chainId) => chainIds.has(chainId),
    quote,
    build,
    getSpender,
  }

  async function getSpender(chainId: number, signal?: AbortSignal): Promise<Address> {
    const known = spenders.get(chainId)
    if (known) return known
    const body = await get(chainId, '/approve/spender', {}, spenderSchema, signal)
    const spender = getAddress(body.address)
    spenders.set(chainId, spender)
    return spender
  }

  async function quote({ chainId, from, to, amountIn, signal }: SwapQuoteParameters) {
    const body = await get(
      chainId,
      '/quote',
      { src: from, dst: to, amount: amountIn.toString(), includeGas: 'true' },
      quoteSchema,
      signal,
      { from, to },
    )
    const spender = await getSpender(chainId, signal)
    return {
      source: 'aggregator',
      amountIn,
      amountOut: BigInt(body.dstAmount),
      path: [from, to],
      priceImpact: null,
      feeAmount: 0n,
      estimatedGas: body.gas ? BigInt(Math.ceil(body.gas)) : defaultGas,
      spender,
    } satisfies SwapSourceQuote
  }

  async function build(parameters: SwapBuildParameters): Promise<SwapSourceTransaction> {
    const { chainId, from, to, amountIn, user, slippage, signal } = parameters
    const body = await get(
      chainId,
      '/swap',
      {
        src: from,
        dst: to,
        amount: amountIn.toString(),
        from: user,
        origin: user,
        slippage: String(slippage),
        // Latch simulates the transaction itself.
        disableEstimate: 'true',
      },
      swapSchema,
      signal,
      { from, to },
    )
    const spender =
      parameters.quote?.source === 'aggregator'
        ? parameters.quote.spender
        : await getSpender(chainId, signal)
    // The user approves the spender: a swap sent anywhere else is not one Latch hands out.
    if (!isAddressEqual(body.tx.to, spender))
      throw new SwapAggregatorUnavailableError({
        reason: 'a swap to another contract than its spender',
      })
    return {
      to: getAddress(body.tx.to),
      data: body.tx.data.toLowerCase() as Hex,
      value: BigInt(body.tx.value),
      quote: {
        source: 'aggregator',
        amountIn,
        amountOut: BigInt(body.dstAmount),
        path: [from, to],
        priceImpact: null,
        feeAmount: 0n,
        estimatedGas: body.tx.gas ? BigInt(Math.ceil(body.tx.gas)) : defaultGas,
        spender,
      },
    }
  }

  /** One call, unless the aggregator rests after a failure on this chain (then at once). */
  async function get<schema extends z.ZodType>(
    chainId: number,
    path: string,
    query: Record<string, string>,
    schema: schema,
    signal: AbortSignal | undefined,
    pair?: { from: string; to: string },
  ): Promise<z.output<schema>> {
    if ((restingUntil.get(chainId) ?? 0) > now())
      throw new SwapAggregatorUnavailableError({ reason: 'resting after a failure', resting: true })
    try {
      return await request(chainId, path, query, schema, signal, pair)
    } catch (error) {
      if (error instanceof SwapAggregatorUnavailableError)
        restingUntil.set(chainId, now() + cooldownMs)
      throw error
    }
  }

  async function request<schema extends z.ZodType>(
    chainId: number,
    path: string,
    query: Record<string, string>,
    schema: schema,
    signal: AbortSignal | undefined,
    pair?: { from: string; to: string },
  ): Promise<z.output<schema>> {
    const url = new URL(`${base}/${chainId}${path}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    let response: Response
    try {
      response = await fetch(url, {
        accept: ['application/json'],
        maxBytes: 512 * 1024,
        timeoutMs,
        signal,
        headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : undefined,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new SwapAggregatorUnavailableError({
        reason: error instanceof BaseError ? error.shortMessage.replace(/\.$/, '') : 'no answer',
        cause: error,
      })
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const description = errorSchema.safeParse(json).data?.description ?? ''
      if (
        response.status < 500 &&
        pair &&
        /liquidity|no route|cannot (find|estimate)/i.test(description)
      )
        throw new NoSwapRouteError({ ...pair, reason: 'the aggregator found none' })
      throw new SwapAggregatorUnavailableError({ reason: `HTTP ${response.status}` })
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new SwapAggregatorUnavailableError({ reason: 'an answer of an unexpected shape' })
    return parsed.data
  }
}
