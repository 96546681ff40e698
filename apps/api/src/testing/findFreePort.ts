import net from 'node:net'

/** The first port from `start` that nothing listens on (127.0.0.1). For tests only. */
export async function findFreePort(start: number): Promise<number> {
  for (let port = start; port < start + 200; port++) if (await isPortFree(port)) return port
  throw new Error(`No free port between ${start} and ${start + 199}.`)
}

/** Whether nothing listens on `port` (127.0.0.1). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
