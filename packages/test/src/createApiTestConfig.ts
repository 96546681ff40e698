import { createLatchConfig, type FetchLike, type LatchConfig } from '@latch/core'

/** A config on one devnet network whose API calls go to `fetch`, for tests of API actions. */
export function createApiTestConfig(
  fetch: FetchLike,
  options: { apiUrl?: string } = {},
): LatchConfig {
  return createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: options.apiUrl ?? 'http://api.test',
    projectId: 'abc',
    fetch,
  })
}
