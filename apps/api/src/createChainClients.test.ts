import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { TimeoutError } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { createChainClients, fetchWithTimeout } from './createChainClients.ts'
import type { ApiNetwork } from './network.ts'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A node that takes every request and answers none, or only its headers. */
async function startSilentNode(answerHeaders = false): Promise<string> {
  const server = createServer((_request, response) => {
    if (answerHeaders) response.writeHead(200, { 'content-type': 'application/json' })
    if (answerHeaders) response.write('{"jsonrpc":"2.0",')
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const clientOf = (rpcUrl: string) =>
  createChainClients(
    [
      {
        id: 31337,
        name: 'Silent',
        rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      } as ApiNetwork,
    ],
    {
      timeout: 200,
      retryCount: 0,
      batch: true,
    },
  ).get(31337)

test("a request with the caller's own signal still times out (the indexer's range reads)", async () => {
  const client = clientOf(await startSilentNode())
  const started = performance.now()
  const error = await client
    ?.request({ method: 'eth_blockNumber' }, { signal: new AbortController().signal })
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(TimeoutError)
  expect(performance.now() - started).toBeLessThan(5_000)
})

test('an answer whose body never ends times out too', async () => {
  const client = clientOf(await startSilentNode(true))
  const error = (await client
    ?.request({ method: 'eth_blockNumber' })
    .catch((caught: unknown) => caught)) as Error
  expect(error.name).toBe('HttpRequestError')
  expect(String((error.cause as Error | undefined)?.name)).toBe('TimeoutError')
})

test("the caller's abort stays an abort, not a timeout", async () => {
  const url = await startSilentNode()
  const controller = new AbortController()
  const fetching = fetchWithTimeout(fetch, 10_000)(url, {
    method: 'POST',
    signal: controller.signal,
  })
  controller.abort()
  const error = (await fetching.catch((caught: unknown) => caught)) as Error
  expect(error).not.toBeInstanceOf(TimeoutError)
  expect(error.name).toBe('AbortError')
})
