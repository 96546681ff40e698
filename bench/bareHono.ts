import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

/**
 * The machine's limit for `bench:api`: a bare Hono app on @hono/node-server (as the API is
 * served) whose one route answers a fixed JSON body, in its own process as the API runs in its
 * own, on 127.0.0.1. `startBareHono` starts it; `node bench/bareHono.ts --serve` is that process.
 */
export type StartBareHonoReturnType = { url: string; stop(): Promise<void> }

/** The route's fixed body: about the size of a small balance answer. */
const body = {
  balances: [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      price: 0,
      quantity: { decimals: '18', numeric: '1.0' },
    },
  ],
}

export async function startBareHono(): Promise<StartBareHonoReturnType> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error('The bare Hono server did not start within 10 s.'))
    }, 10_000)
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk
      const port = output.match(/listening on (\d+)/)?.[1]
      if (!port) return
      clearTimeout(timer)
      resolve(`http://127.0.0.1:${port}/`)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The bare Hono server exited (${code}) while starting.`))
    })
  })
  return { url, stop }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--serve')) {
  const app = new Hono().get('/', (c) => c.json(body))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    console.log(`listening on ${info.port}`)
  })
  process.once('SIGTERM', () => {
    server.close()
    process.exit(0)
  })
}
