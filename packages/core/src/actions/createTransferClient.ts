import { type Client, createClient, http } from 'viem'
import { rpcRetryCount, rpcTimeoutMs } from '../timings.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'

/**
 * A viem client on the network's RPC for reads around a transfer (estimates, the receipt):
 * spec section 9's RPC timeout of 10 s with 2 retries; polled every second, as a receipt
 * should show soon after it is mined.
 */
export function createTransferClient(network: Pick<LatchNetwork, 'rpcUrl'>): Client {
  return createClient({
    transport: http(network.rpcUrl, { timeout: rpcTimeoutMs, retryCount: rpcRetryCount }),
    pollingInterval: 1_000,
  })
}
