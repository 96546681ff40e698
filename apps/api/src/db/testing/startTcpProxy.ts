import net from 'node:net'

export type StartTcpProxyReturnType = {
  /** The proxy's port on 127.0.0.1. */
  port: number
  /** Connections passed through so far (accepted by the proxy, whatever happened next). */
  readonly connections: number
  /**
   * The server "goes down": every open connection is reset and the port stops listening, so
   * new connections are refused, as when PostgreSQL is stopped or crashes.
   */
  down(): Promise<void>
  /** The server is back on the same port. */
  up(): Promise<void>
  /** Closes everything for good. */
  close(): Promise<void>
}

/**
 * A TCP proxy on a free loopback port to `target`, for the storage fault tests: clients
 * connect to the proxy, and `down()`/`up()` stand for the database server stopping (or
 * crashing) and starting again, without touching the server the other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let connections = 0
  const server = net.createServer((client) => {
    connections++
    const upstream = net.connect(target.port, target.host)
    sockets.add(client)
    sockets.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  let listening = true

  const down = async () => {
    if (!listening) return
    listening = false
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.resetAndDestroy()
    sockets.clear()
    await closed
  }
  return {
    port,
    get connections() {
      return connections
    },
    down,
    async up() {
      if (listening) return
      await listen(port)
      listening = true
    },
    close: down,
  } satisfies StartTcpProxyReturnType
}
