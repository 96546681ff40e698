import { createServer } from 'node:net'

/**
 * Whether nothing listens on `port` at 127.0.0.1 (where every Latch service listens), tried by
 * binding it. Other bind errors than EADDRINUSE are thrown.
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(false)
      else reject(error)
    })
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.close(() => resolve(true))
    })
  })
}
