import { loadConfig } from '@latch/config'
import autocannon, { type Result } from 'autocannon'
import { startReadBench } from './startReadBench.ts'

/**
 * Load on the API's read routes with many clients (issue 9, item 11): starts the local stack
 * (its API on PGlite, or on a throwaway PostgreSQL with --postgres) with rate limits off (all
 * clients share one IP), makes some devnet activity, waits for the indexer, then runs a
 * bounded autocannon load with 200 concurrent connections over a mix of balance, history and
 * identity (each connection cycles through the three), then each route alone, and prints
 * errors, req/s, p50 and p99. Stops everything it started.
 * Usage: npm run bench:load [-- --postgres --duration 10 --connections 200]
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const duration = option('duration', 10)
const connections = option('connections', 200)
const usePostgres = process.argv.includes('--postgres')
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const portBase = loadConfig().LATCH_BENCH_PORT_BASE ?? 4770

const bench = await startReadBench({ name: 'load', portBase, usePostgres })

let failed = false
try {
  const { account, query, projectId } = bench
  const paths = {
    balance: `/v1/account/${account}/balance?${query}&currency=usd`,
    history: `/v1/account/${account}/history?${query}`,
    identity: `/v1/identity/${account}?projectId=${projectId}`,
  }
  // Warm the caches the way a page would before the load starts.
  for (const path of Object.values(paths)) await (await fetch(`${bench.apiUrl}${path}`)).text()

  const runs: { name: string; seconds: number; requests: { path: string }[] }[] = [
    {
      name: 'mix',
      seconds: duration,
      requests: [{ path: paths.balance }, { path: paths.history }, { path: paths.identity }],
    },
    ...Object.entries(paths).map(([name, path]) => ({
      name,
      seconds: Math.max(1, Math.round(duration / 2)),
      requests: [{ path }],
    })),
  ]
  console.log(
    `\nLatch API load (${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${connections} concurrent connections, loopback, rate limits off)\n`,
  )
  console.log('  routes     seconds  requests   req/s   p50 ms  p99 ms  errors  non-2xx')
  for (const run of runs) {
    const result: Result = await autocannon({
      url: bench.apiUrl,
      connections,
      duration: run.seconds,
      requests: run.requests,
    })
    const errors = result.errors + result.timeouts
    if (errors > 0 || result.non2xx > 0) failed = true
    console.log(
      `  ${run.name.padEnd(9)}  ${String(run.seconds).padStart(7)}  ${String(result.requests.total).padStart(8)}  ${result.requests.average.toFixed(0).padStart(6)}  ${String(result.latency.p50).padStart(7)}  ${String(result.latency.p99).padStart(6)}  ${String(errors).padStart(6)}  ${String(result.non2xx).padStart(7)}`,
    )
  }
  console.log()
} finally {
  await bench.stop()
}
if (failed) {
  console.error('Some requests failed (errors or non-2xx answers above).')
  process.exitCode = 1
}
