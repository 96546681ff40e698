import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgres } from '../scripts/postgres.ts'
import { startStack } from '../scripts/stack.ts'

export type StartReadBenchReturnType = {
  apiUrl: string
  /** anvil's account #2, with a history of at least 20 items. */
  account: `0x${string}`
  /** Every devnet account (the first ones were given lanterns when the devnet deployed). */
  accounts: `0x${string}`[]
  chainId: number
  /** `projectId=...&chainId=...` for the account routes. */
  query: string
  projectId: string
  /** Stops the stack, then the throwaway PostgreSQL. */
  stop(): Promise<void>
}

/**
 * The stack the read benchmarks load (`bench:api`, `bench:load`): the local devnet and API on
 * PGlite, or on a throwaway PostgreSQL, with rate limits off (every request comes from one IP,
 * so the per-IP limits would measure themselves), and some devnet activity for one account,
 * indexed before this returns.
 */
export async function startReadBench({
  name,
  portBase,
  usePostgres,
}: {
  name: string
  portBase: number
  usePostgres: boolean
}): Promise<StartReadBenchReturnType> {
  process.env.LATCH_RATE_LIMITS = 'off'
  const postgres = usePostgres ? await startPostgres() : undefined
  // The API child inherits this process's environment: one backend per call.
  if (postgres) process.env.DATABASE_URL = postgres.url
  else delete process.env.DATABASE_URL
  const stack = await startStack({
    portBase,
    stateDir: mkdtempSync(join(tmpdir(), `latch-bench-${name}-`)),
    log: () => {},
  }).catch(async (error) => {
    await postgres?.stop()
    throw error
  })
  const stop = async () => {
    await stack.stop()
    await postgres?.stop()
  }
  try {
    const { manifest } = stack
    const account = manifest.accounts[2]?.address as `0x${string}` | undefined
    const chainId = manifest.chains[0]?.id
    if (!account || !chainId) throw new Error('The devnet manifest has no account #2 or chain.')
    // Activity to read: a few faucet rounds (native, every token, a lantern) for the account.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(manifest.faucetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: account, chainId }),
      })
      if (!response.ok) throw new Error(`Faucet answered ${response.status}.`)
    }
    const query = `projectId=${manifest.projectId}&chainId=${chainId}`
    const historyUrl = `${stack.apiUrl}/v1/account/${account}/history?${query}`
    const deadline = Date.now() + 60_000
    let items = 0
    while (Date.now() < deadline) {
      const body = (await (await fetch(historyUrl)).json()) as { data?: unknown[] }
      items = body.data?.length ?? 0
      if (items >= 20) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    if (items < 20) throw new Error('The indexer did not catch up within 60 s.')
    return {
      apiUrl: stack.apiUrl,
      account,
      accounts: manifest.accounts.map((item) => item.address as `0x${string}`),
      chainId,
      query,
      projectId: manifest.projectId,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
