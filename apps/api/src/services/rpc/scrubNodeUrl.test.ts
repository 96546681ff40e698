import { expect, test } from 'vitest'
import { scrubNodeUrl } from './scrubNodeUrl.ts'

test('the URL, and its path, query and credentials alone, are replaced', () => {
  const url = 'https://alice9:pa55@rpc.example/v2/KEY123?apikey=Q9'
  expect(
    scrubNodeUrl(
      `failed at ${url}; path /v2/KEY123, query apikey=Q9, user alice9, password pa55, host rpc.example`,
      url,
    ),
  ).toBe(
    'failed at [node]; path [node], query [node], user [node], password [node], host rpc.example',
  )
  expect(scrubNodeUrl('execution reverted', 'http://127.0.0.1:8545')).toBe('execution reverted')
  expect(scrubNodeUrl('see http://127.0.0.1:8545/', 'http://127.0.0.1:8545')).toBe('see [node]/')
})
