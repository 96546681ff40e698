import { balanceQuerySchema } from '@latch/api-contract'
import { expect, test } from 'vitest'
import { createQueryParser } from './createQueryParser.ts'

/** A request as the routes see it: the URL and its query as an object, parsed per call. */
function request(search: string) {
  const url = `http://api.test/v1/account/0x1/balance${search}`
  let queries = 0
  return {
    url,
    query() {
      queries++
      return Object.fromEntries(new URL(url).searchParams)
    },
    queries: () => queries,
  }
}

test('a repeated query string is validated once and answers the same result', () => {
  const parse = createQueryParser(balanceQuerySchema)
  const first = request('?projectId=p1&chainId=eip155:31337&currency=usd')
  expect(parse(first)).toEqual({ projectId: 'p1', chainId: 31337, currency: 'usd' })
  const again = request('?projectId=p1&chainId=eip155:31337&currency=usd')
  expect(parse(again)).toBe(parse(first))
  expect(again.queries()).toBe(0)
  // Another query string is its own: parsed, not taken from the first.
  expect(parse(request('?projectId=p1&chainId=31339'))).toEqual({
    projectId: 'p1',
    chainId: 31339,
    currency: 'usd',
  })
  expect(Object.isFrozen(parse(first))).toBe(true)
})

test('a refused query is refused every time with the same message, and not remembered', () => {
  const parse = createQueryParser(balanceQuerySchema)
  for (let index = 0; index < 2; index++) {
    const refused = request('?projectId=p1&chainId=31337&currency=eur2')
    expect(() => parse(refused)).toThrow('currency must be one of "usd", "eur".')
    expect(refused.queries()).toBe(1)
  }
})

test('stays within its entries and never keeps a long query string', () => {
  const parse = createQueryParser(balanceQuerySchema, { maxEntries: 2, maxQueryLength: 40 })
  const searches = ['?projectId=p&chainId=1', '?projectId=p&chainId=2', '?projectId=p&chainId=3']
  for (const search of searches) parse(request(search))
  // The third cleared the first two: the first is parsed again.
  const first = request(searches[0] as string)
  parse(first)
  expect(first.queries()).toBe(1)
  const long = `?chainId=1&projectId=${'a'.repeat(40)}`
  parse(request(long))
  const longAgain = request(long)
  parse(longAgain)
  expect(longAgain.queries()).toBe(1)
})
