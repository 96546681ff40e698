import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the proxy misbehaves; `{}` passes every request through to the upstream. */
export type RpcProxyMode = {
  /** A lagging node: its head this many blocks behind the upstream's, and no block above. */
  lagBlocks?: number | undefined
  /** The newest this many blocks are answered null (blocks, receipts, logs reaching them). */
  nullRecentBlocks?: number | undefined
  /**
   * A node whose log index lags its blocks: logs of the newest this many blocks are left out
   * of `eth_getLogs` answers, while the blocks and receipts themselves are served.
   */
  logsLagBlocks?: number | undefined
  /** A load balancer: requests alternate between the upstream and this other node. */
  flipWith?: string | undefined
  /** The chain id answered to `eth_chainId` (another chain behind the configured URL). */
  chainId?: number | undefined
}

type RpcRequest = { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] }
type RpcResponse = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: unknown }

export type RpcProxy = Awaited<ReturnType<typeof startRpcProxy>>

/**
 * A JSON-RPC proxy on a free loopback port in front of a node, for indexer tests: it can lag,
 * answer null for recent blocks and logs, flip between that node and another per request, or
 * claim another chain id. `setMode` changes the behaviour between requests.
 */
export async function startRpcProxy({ upstream: mainUpstream }: { upstream: string }) {
  let mode: RpcProxyMode = {}
  let turn = 0
  let requests = 0

  const call = async (upstream: string, request: RpcRequest): Promise<RpcResponse> => {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    })
    return (await response.json()) as RpcResponse
  }
  const headOf = async (upstream: string) =>
    Number(
      (await call(upstream, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }))
        .result,
    )

  const answer = async (request: RpcRequest): Promise<RpcResponse> => {
    requests++
    const upstream = mode.flipWith && turn++ % 2 === 1 ? mode.flipWith : mainUpstream
    const reply = (result: unknown): RpcResponse => ({ jsonrpc: '2.0', id: request.id, result })
    const params = request.params ?? []
    if (request.method === 'eth_chainId' && mode.chainId !== undefined)
      return reply(`0x${mode.chainId.toString(16)}`)
    if (mode.logsLagBlocks && request.method === 'eth_getLogs') {
      const response = await call(upstream, request)
      const lastIndexed = (await headOf(upstream)) - mode.logsLagBlocks
      if (!Array.isArray(response.result)) return response
      return reply(
        (response.result as { blockNumber: string }[]).filter(
          (log) => Number(log.blockNumber) <= lastIndexed,
        ),
      )
    }
    if (!mode.lagBlocks && !mode.nullRecentBlocks) return call(upstream, request)

    const head = await headOf(upstream)
    // The newest block served; above it the node has nothing (lag) or answers null.
    const visible = Math.max(0, head - (mode.lagBlocks ?? 0) - (mode.nullRecentBlocks ?? 0))
    const shownHead = mode.lagBlocks ? visible : head
    const number = (tag: unknown) =>
      tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized'
        ? shownHead
        : tag === 'earliest'
          ? 0
          : Number(tag)
    switch (request.method) {
      case 'eth_blockNumber':
        return reply(`0x${shownHead.toString(16)}`)
      case 'eth_getBlockByNumber': {
        const blockNumber = number(params[0])
        if (blockNumber > visible) return reply(null)
        return call(upstream, { ...request, params: [`0x${blockNumber.toString(16)}`, params[1]] })
      }
      case 'eth_getLogs': {
        const filter = (params[0] ?? {}) as { fromBlock?: string; toBlock?: string }
        const toBlock = number(filter.toBlock ?? 'latest')
        if (toBlock <= visible) return call(upstream, request)
        // A lagging node has no logs above its head; a node answering null answers null.
        if (mode.nullRecentBlocks) return reply(null)
        if (number(filter.fromBlock ?? 'latest') > visible) return reply([])
        return call(upstream, {
          ...request,
          params: [{ ...filter, toBlock: `0x${visible.toString(16)}` }],
        })
      }
      case 'eth_getBlockReceipts':
      case 'eth_getBlockByHash':
      case 'eth_getTransactionReceipt': {
        const response = await call(upstream, request)
        const result = response.result as
          | { blockNumber?: string; number?: string }
          | { blockNumber?: string }[]
          | null
        const first = Array.isArray(result) ? result[0] : result
        const at = first?.blockNumber ?? (first as { number?: string } | null)?.number
        if (at !== undefined && Number(at) > visible) return reply(null)
        return response
      }
      default:
        return call(upstream, request)
    }
  }

  const server = createServer(async (request, response) => {
    try {
      const body = JSON.parse(await readBody(request)) as RpcRequest | RpcRequest[]
      const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(result))
    } catch (error) {
      response.writeHead(502, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { code: 'UPSTREAM', message: String(error) } }))
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    setMode(next: RpcProxyMode) {
      mode = next
    },
    /** Requests answered so far (each entry of a batch counts). */
    get requests() {
      return requests
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
