import type { Address } from 'viem'
import { expect, test } from 'vitest'
import { forEachDatabase } from '../../db/testing.ts'
import { createDbCacheStore } from '../../stores/createDbCacheStore.ts'
import { createMemoryCacheStore } from '../../stores/createMemoryCacheStore.ts'
import { createCachedPriceSource } from './createCachedPriceSource.ts'
import type { GetPricesParameters, PriceSource } from './priceSource.ts'

const alpha: Address = '0x00000000000000000000000000000000000000a1'
const beta: Address = '0x00000000000000000000000000000000000000b2'
const ghost: Address = '0x00000000000000000000000000000000000000c3'

/** A source with fixed prices that records what it was asked. */
function recordingSource(table: Record<Address, number>) {
  const calls: Address[][] = []
  const source: PriceSource = {
    currencies: ['usd'],
    async getPrices({ tokens }: GetPricesParameters) {
      calls.push(tokens.map((token) => token.address))
      return new Map(
        tokens.flatMap((token) =>
          table[token.address] === undefined
            ? []
            : [[token.address, table[token.address] as number]],
        ),
      )
    },
  }
  return { source, calls }
}

const tokens = [alpha, beta, ghost].map((address) => ({ address, decimals: 18 }))

forEachDatabase('createCachedPriceSource', (context) => {
  test('reuses prices (and "no price") within the TTL, across API processes', async () => {
    const { source, calls } = recordingSource({ [alpha]: 2, [beta]: 30 })
    const first = createCachedPriceSource({ source, cache: createDbCacheStore({ db: context.db }) })
    const second = createCachedPriceSource({
      source,
      cache: createDbCacheStore({ db: context.db }),
    })
    const expected = new Map([
      [alpha, 2],
      [beta, 30],
    ])
    expect(await first.getPrices({ chainId: 1, tokens, currency: 'usd' })).toEqual(expected)
    expect(await second.getPrices({ chainId: 1, tokens, currency: 'usd' })).toEqual(expected)
    expect(calls).toEqual([[alpha, beta, ghost]])
    // Another chain is another key.
    await first.getPrices({ chainId: 2, tokens: tokens.slice(0, 1), currency: 'usd' })
    expect(calls).toEqual([[alpha, beta, ghost], [alpha]])
  })

  test('only the tokens missing from the cache go to the source', async () => {
    const { source, calls } = recordingSource({ [alpha]: 2, [beta]: 30 })
    const cached = createCachedPriceSource({
      source,
      cache: createDbCacheStore({ db: context.db }),
    })
    await cached.getPrices({ chainId: 3, tokens: tokens.slice(0, 1), currency: 'usd' })
    await cached.getPrices({ chainId: 3, tokens, currency: 'usd' })
    expect(calls).toEqual([[alpha], [beta, ghost]])
  })

  test('forceUpdate asks the source and refreshes the cache; expiry does too', async () => {
    const table: Record<Address, number> = { [alpha]: 2 }
    const { source, calls } = recordingSource(table)
    // A cache on a clock the test moves (the database's TTL is createDbCacheStore.test's).
    let time = 1_000_000
    const cached = createCachedPriceSource({
      source,
      cache: createMemoryCacheStore({ now: () => time }),
      ttlMs: 200,
    })
    const ask = (forceUpdate?: boolean) =>
      cached.getPrices({ chainId: 4, tokens: tokens.slice(0, 1), currency: 'usd', forceUpdate })
    expect((await ask()).get(alpha)).toBe(2)
    table[alpha] = 2.5
    expect((await ask()).get(alpha)).toBe(2)
    expect((await ask(true)).get(alpha)).toBe(2.5)
    table[alpha] = 3
    time += 199
    expect((await ask()).get(alpha)).toBe(2.5)
    time += 1
    expect((await ask()).get(alpha)).toBe(3)
    expect(calls).toHaveLength(3)
  })
})

test('past prices are cached per block; a source without history gets no getPricesAt', async () => {
  const asked: bigint[] = []
  const source: PriceSource = {
    currencies: ['usd'],
    getPrices: async () => new Map(),
    async getPricesAt({ tokens: wanted, blockNumber }) {
      asked.push(blockNumber)
      return new Map(
        wanted.flatMap((token) => (token.address === alpha ? [[alpha, Number(blockNumber)]] : [])),
      )
    },
  }
  const cached = createCachedPriceSource({ source, cache: createMemoryCacheStore() })
  const at = (blockNumber: bigint) =>
    cached.getPricesAt?.({ chainId: 1, tokens, currency: 'usd', blockNumber })
  expect(await at(7n)).toEqual(new Map([[alpha, 7]]))
  expect(await at(7n)).toEqual(new Map([[alpha, 7]]))
  expect(await at(8n)).toEqual(new Map([[alpha, 8]]))
  // Block 7 was asked once: its prices (and its "no price") came from the cache the second time.
  expect(asked).toEqual([7n, 8n])

  const { source: withoutHistory } = recordingSource({ [alpha]: 2 })
  const noHistory = createCachedPriceSource({
    source: withoutHistory,
    cache: createMemoryCacheStore(),
  })
  expect(noHistory.getPricesAt).toBeUndefined()
})
