import type { Eip1193Provider, FetchLike } from '../types.ts'

/** anvil's first two well-known accounts (unlocked: anvil signs `eth_sendTransaction` for them). */
export const anvilAccounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as const

/** The few Node APIs this helper needs, typed here: core type-checks without Node's types. */
type NodeHost = {
  process: {
    cwd(): string
    getBuiltinModule(id: 'node:child_process'): {
      spawn(command: string, args: string[], options: { stdio: 'ignore' }): { kill(): void }
    }
    getBuiltinModule(id: 'node:net'): {
      createServer(): {
        listen(port: number, host: string, callback: () => void): void
        address(): { port: number }
        close(callback: () => void): void
      }
    }
  }
  fetch: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => ReturnType<FetchLike>
  setTimeout(callback: () => void, ms: number): unknown
}

const host = globalThis as unknown as NodeHost

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = host.process.getBuiltinModule('node:net').createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

/**
 * Starts a throwaway anvil on a free port for a test file: its RPC URL, a JSON-RPC `rpc`
 * helper, an EIP-1193 provider that forwards to it (a wallet whose accounts anvil unlocks)
 * and `stop`. Test-only (not exported from the package); run from the repository root.
 */
export async function startTestAnvil(chainId = 31337) {
  const port = await freePort()
  const rpcUrl = `http://127.0.0.1:${port}`
  const binary = `${host.process.cwd()}/node_modules/.bin/anvil`
  const child = host.process
    .getBuiltinModule('node:child_process')
    .spawn(binary, ['--port', String(port), '--chain-id', String(chainId), '--silent'], {
      stdio: 'ignore',
    })
  let id = 0
  async function rpc(method: string, params: unknown = []): Promise<unknown> {
    id += 1
    const response = await host.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string }
    }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }
  for (let attempt = 0; ; attempt++) {
    if (await rpc('eth_chainId').catch(() => undefined)) break
    if (attempt > 150) {
      child.kill()
      throw new Error('anvil did not start')
    }
    await new Promise<void>((done) => host.setTimeout(done, 100))
  }
  const provider: Eip1193Provider = {
    request: ({ method, params }) => rpc(method, params ?? []),
  }
  return { rpcUrl, rpc, provider, stop: () => child.kill() }
}
