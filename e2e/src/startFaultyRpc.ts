import { createServer, request } from 'node:http'

export type FaultyRpc = {
  /** `http://127.0.0.1:<port>`: hand this to the service under test instead of the node's URL. */
  url: string
  /** The node goes away: open connections are cut and new ones refused, as when it is killed. */
  kill(): Promise<void>
  /** The node is back on the same port. */
  revive(): Promise<void>
  /** How many requests reached the node through this proxy. */
  forwarded(): number
  stop(): Promise<void>
}

/**
 * An RPC node that can be killed and brought back: a pass-through proxy in front of a running
 * devnet chain, so a browser test can cut one service's view of the chain without stopping
 * the anvil every other test shares.
 */
export async function startFaultyRpc(target: string): Promise<FaultyRpc> {
  const upstream = new URL(target)
  let count = 0
  const server = createServer((incoming, outgoing) => {
    count += 1
    const headers = { ...incoming.headers, host: upstream.host }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        const address = server.address()
        resolve(typeof address === 'object' && address ? address.port : port)
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })
  const port = await listen(0)
  return {
    url: `http://127.0.0.1:${port}`,
    kill: close,
    revive: async () => {
      await listen(port)
    },
    forwarded: () => count,
    stop: close,
  }
}
