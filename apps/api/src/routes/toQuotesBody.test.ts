import { convertQuotesResponseSchema, type SwapQuote } from '@latch/api-contract'
import { expect, test } from 'vitest'
import { toQuotesBody } from './toQuotesBody.ts'

const answer: Omit<SwapQuote, 'expiresAt'> = {
  id: null,
  fromAmount: '1000000000000000000',
  fromAccount: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  toAmount: '1994',
  toAccount: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  source: 'uniswap-v2',
  // A token's symbol is the token's to choose: quotes, backslashes, control and other characters.
  route: [
    { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH' },
    {
      address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'L"U\\S\nD\u2028€',
    },
  ],
  rate: '1994',
  priceImpact: 0.0012,
  minimumReceived: '1974',
  slippage: 1,
  fee: { amount: '3000000000000000', percent: 0.3, token: 'eip155:31337:0xeeee' },
  estimatedGas: '150000',
  networkFee: '150000000000000',
  spender: 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
}

test('the body is the JSON of the quote with its expiry, as JSON.stringify writes it', () => {
  const expiresAt = '2026-11-26T18:00:30.000Z'
  const body = toQuotesBody({ answer, expiresAt })
  expect(body).toBe(JSON.stringify({ quotes: [{ ...answer, expiresAt }] }))
  expect(convertQuotesResponseSchema.parse(JSON.parse(body)).quotes[0]?.route[1]?.symbol).toBe(
    'L"U\\S\nD\u2028€',
  )
})

test('a kept answer asked again: the same fields with each request’s own expiry', () => {
  const kept = Object.freeze({ ...answer })
  const first = JSON.parse(toQuotesBody({ answer: kept, expiresAt: '2026-11-26T18:00:30.000Z' }))
  const again = JSON.parse(toQuotesBody({ answer: kept, expiresAt: '2026-11-26T18:00:31.500Z' }))
  expect(first.quotes[0].expiresAt).toBe('2026-11-26T18:00:30.000Z')
  expect(again.quotes[0].expiresAt).toBe('2026-11-26T18:00:31.500Z')
  expect({ ...again.quotes[0], expiresAt: '' }).toEqual({ ...first.quotes[0], expiresAt: '' })
  // Another answer is its own, never the first one's text.
  const other = Object.freeze({ ...answer, toAmount: '1993' })
  expect(
    JSON.parse(toQuotesBody({ answer: other, expiresAt: '2026-11-26T18:00:32.000Z' })).quotes[0]
      .toAmount,
  ).toBe('1993')
})
