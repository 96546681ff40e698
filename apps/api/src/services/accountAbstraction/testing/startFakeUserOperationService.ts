import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake answers: normally, or one of the ways a real bundler or paymaster fails. */
export type FakeUserOperationServiceMode = 'ok' | 'status-500' | 'bad-json' | 'hang'

export type FakeUserOperationService = {
  /** Its URL, with a provider-like key in the path that no answer may show. */
  url: string
  mode: FakeUserOperationServiceMode
  /** Every JSON-RPC request received, with its Content-Type. */
  requests: { method: string; params: unknown; contentType: string | undefined }[]
  stop(): Promise<void>
}

/**
 * A local HTTP stand-in for a bundler or ERC-7677 paymaster service, for the routes' tests:
 * answers each method from `results` (a function of the params), or with the JSON-RPC error a
 * bundler gives for a method it lacks, quoting its own URL as careless services do; `mode`
 * makes it fail (HTTP 500, a body that is not JSON, no answer at all).
 */
export async function startFakeUserOperationService(
  results: Record<string, (params: unknown) => unknown>,
): Promise<FakeUserOperationService> {
  const hanging = new Set<ServerResponse>()
  const state: FakeUserOperationService = {
    url: '',
    mode: 'ok',
    requests: [],
    stop: async () => {},
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as {
        id: unknown
        method: string
        params: unknown
      }
      state.requests.push({
        method: body.method,
        params: body.params,
        contentType: request.headers['content-type'],
      })
      if (state.mode === 'hang') return void hanging.add(response)
      if (state.mode === 'status-500')
        return void response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { message: 'boom' } }))
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      if (state.mode === 'bad-json') return void response.end('{"jsonrpc": "2.0", "res')
      const result = results[body.method]
      response.end(
        JSON.stringify(
          result
            ? { jsonrpc: '2.0', id: body.id, result: result(body.params) }
            : {
                jsonrpc: '2.0',
                id: body.id,
                error: { code: -32601, message: `Method not supported at ${state.url}` },
              },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/SERVICE-KEY-7f3a`
  state.stop = async () => {
    for (const response of hanging) response.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return state
}
