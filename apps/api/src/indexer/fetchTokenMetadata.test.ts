import type { PublicClient } from 'viem'
import { expect, test } from 'vitest'
import { fetchTokenMetadata } from './fetchTokenMetadata.ts'

/** A client whose token answers the given strings (injected: no chain needed for cleaning). */
const tokenClient = (answers: Record<string, unknown>) =>
  ({
    readContract: async ({ functionName }: { functionName: string }) => answers[functionName],
  }) as unknown as PublicClient

test('token names and symbols from a contract are cleaned of control and bidi characters and capped', async () => {
  const metadata = await fetchTokenMetadata(
    tokenClient({
      name: 'USD\u202E Coin\u0000\u200B',
      symbol: `\u2066USDC\u2069${'X'.repeat(100)}`,
      decimals: 6,
    }),
    { address: '0x0000000000000000000000000000000000000001', kind: 'erc20' },
  )
  expect(metadata).toMatchObject({ name: 'USD Coin', symbol: `USDC${'X'.repeat(28)}`, decimals: 6 })
  const empty = await fetchTokenMetadata(tokenClient({ name: '\u202E\u0007', symbol: ' ' }), {
    address: '0x0000000000000000000000000000000000000001',
    kind: 'erc721',
  })
  expect(empty).toMatchObject({ name: null, symbol: null, decimals: null })
})
