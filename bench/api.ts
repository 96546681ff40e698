import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@latch/config'
import autocannon from 'autocannon'
import { startPostgres } from '../scripts/postgres.ts'
import { startStack } from '../scripts/stack.ts'

/**
 * Load on the API's balance and history endpoints, on loopback: starts the local stack (its API
 * on PGlite, or on a throwaway PostgreSQL with --postgres), makes some devnet activity, waits
 * for the indexer, then runs a bounded autocannon load on each endpoint and prints req/s and
 * p50/p99 latency.
 * Usage: npm run bench:api [-- --postgres --duration 10 --connections 10]
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const duration = option('duration', 10)
const connections = option('connections', 10)
const usePostgres = process.argv.includes('--postgres')
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const portBase = loadConfig().LATCH_BENCH_PORT_BASE ?? 4670

const postgres = usePostgres ? await startPostgres() : undefined
if (postgres) process.env.DATABASE_URL = postgres.url
const stack = await startStack({
  portBase,
  stateDir: mkdtempSync(join(tmpdir(), 'latch-bench-api-')),
  log: () => {},
})

try {
  const { manifest } = stack
  const account = manifest.accounts[2]?.address
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

  const targets = [
    { name: 'balance', url: `${stack.apiUrl}/v1/account/${account}/balance?${query}&currency=usd` },
    { name: 'history', url: historyUrl },
  ]
  console.log(
    `\nLatch API load (${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s each, loopback)\n`,
  )
  console.log('  endpoint   req/s     p50 ms   p99 ms   errors  non-2xx')
  for (const target of targets) {
    const result = await autocannon({ url: target.url, connections, duration })
    console.log(
      `  ${target.name.padEnd(9)}  ${result.requests.average.toFixed(0).padStart(6)}  ${String(result.latency.p50).padStart(7)}  ${String(result.latency.p99).padStart(7)}  ${String(result.errors + result.timeouts).padStart(7)}  ${String(result.non2xx).padStart(7)}`,
    )
  }
  console.log()
} finally {
  await stack.stop()
  await postgres?.stop()
}
