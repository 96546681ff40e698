import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import { connect, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { checkBrowserRequest } from './checkBrowserRequest.ts'
import { PortInUseError } from './errors.ts'
import { writeSocketRefusal } from './writeSocketRefusal.ts'

export type StartGuardProxyParameters = {
  /** The published port; 0 picks a free one. */
  port: number
  /** The service behind the proxy, listening on loopback. */
  target: { host: string; port: number }
  /** What listens behind, for messages (`anvil 31337`). */
  label: string
  allowedOrigins?: readonly string[] | undefined
  allowedHosts?: readonly string[] | undefined
}

export type StartGuardProxyReturnType = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** Stops listening and ends every open connection. */
  stop(): Promise<void>
}

/**
 * Publishes a loopback HTTP/WebSocket service (anvil, which checks neither `Origin` nor `Host`)
 * behind `checkBrowserRequest`: a cross-site page or a DNS-rebinding page gets 403 JSON, every
 * other request and upgrade is passed through unchanged. Adds well under a millisecond a call.
 */
export async function startGuardProxy({
  port,
  target,
  label,
  allowedOrigins,
  allowedHosts,
}: StartGuardProxyParameters): Promise<StartGuardProxyReturnType> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const tunnels = new Set<Duplex>()
  const check = (request: IncomingMessage) =>
    checkBrowserRequest({
      origin: request.headers.origin,
      host: request.headers.host,
      allowedOrigins,
      allowedHosts,
    })

  const server = createServer((request, response) => {
    const checked = check(request)
    if (!checked.allowed) {
      request.resume()
      response
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: checked.code, message: checked.message } }))
      return
    }
    const upstream = httpRequest(
      {
        host: target.host,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => {
      if (!response.headersSent)
        response.writeHead(502, { 'content-type': 'application/json', connection: 'close' })
      response.end(
        JSON.stringify({
          error: { code: 'UPSTREAM_UNAVAILABLE', message: `${label} is not answering.` },
        }),
      )
    })
    request.pipe(upstream)
  })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const checked = check(request)
    if (!checked.allowed) return writeSocketRefusal(socket, 403, checked.code, checked.message)
    const upstream: Socket = connect(target.port, target.host, () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`]
      for (let index = 0; index < request.rawHeaders.length; index += 2)
        lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`)
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length > 0) upstream.write(head)
      socket.pipe(upstream).pipe(socket)
    })
    tunnels.add(socket).add(upstream)
    const end = () => {
      socket.destroy()
      upstream.destroy()
      tunnels.delete(socket)
      tunnels.delete(upstream)
    }
    socket.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new PortInUseError({ port, label: `${label} RPC` }) : error,
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const tunnel of tunnels) tunnel.destroy()
        agent.destroy()
      }),
  }
}
