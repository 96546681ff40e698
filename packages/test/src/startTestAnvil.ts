import { anvilAccounts, startAnvil } from '@latch/devnet'
import { createTestWallet, type TestWallet } from './createTestWallet.ts'

export type StartTestAnvilParameters = {
  /** 31337 by default. */
  chainId?: number
  /** The published port; a free one by default. Pass the old port to restart a chain in place. */
  port?: number
  /**
   * Forks the node at `url` at `blockNumber`: a second node of that chain (give its `chainId`)
   * which serves its blocks up to there and nothing above, like a node that stopped syncing.
   */
  fork?: { url: string; blockNumber: number }
}

export type StartTestAnvilReturnType = {
  chainId: number
  /** `http://127.0.0.1:<port>`, behind the devnet's Origin/Host guard as under `npm start`. */
  rpcUrl: string
  port: number
  /** anvil itself, without the guard. */
  internalRpcUrl: string
  /**
   * The EIP-1193 test wallet of anvil's first account (`anvilAccounts[0]`) on this chain; make
   * others with `createTestWallet`.
   */
  wallet: TestWallet
  /** One JSON-RPC call; an error answer throws an `Error` carrying its `code`. */
  rpc(method: string, params?: unknown[]): Promise<unknown>
  /** Ends anvil and its guard, and resolves once the port is released. */
  stop(): Promise<void>
}

/**
 * Starts a bare anvil for a test, the devnet's way (`startAnvil` from `@latch/devnet`): on a
 * free port, ready when it answers `eth_chainId`, killed when the test process exits.
 * anvil's ten dev accounts (`anvilAccounts`) are funded and unlocked.
 */
export async function startTestAnvil({
  chainId = 31337,
  port,
  fork,
}: StartTestAnvilParameters = {}): Promise<StartTestAnvilReturnType> {
  // Port 0: the guard proxy binds a free port itself, so no other process can take it between.
  const anvil = await startAnvil({ chainId, port: port ?? 0, ...(fork ? { fork } : {}) })
  let id = 0
  return {
    chainId,
    rpcUrl: anvil.rpcUrl,
    port: Number(new URL(anvil.rpcUrl).port),
    internalRpcUrl: anvil.internalRpcUrl,
    wallet: createTestWallet({
      chains: [{ id: chainId, rpcUrl: anvil.rpcUrl }],
      privateKey: (anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey,
    }),
    async rpc(method, params = []) {
      id += 1
      const response = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      })
      const body = (await response.json()) as {
        result?: unknown
        error?: { code: number; message: string }
      }
      if (body.error) {
        throw Object.assign(new Error(`${method}: ${body.error.message}`), {
          code: body.error.code,
        })
      }
      return body.result
    },
    stop: anvil.stop,
  }
}
