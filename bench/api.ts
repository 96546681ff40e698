import { loadConfig } from '@latch/config'
import autocannon from 'autocannon'
import { startReadBench } from './startReadBench.ts'

/**
 * Load on the API's balance and history endpoints, on loopback: starts the local stack (its API
 * on PGlite, or on a throwaway PostgreSQL with --postgres), with rate limits off, makes some
 * devnet activity, waits for the indexer, then runs a bounded autocannon load on each endpoint and prints req/s and
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

const bench = await startReadBench({ name: 'api', portBase, usePostgres })

try {
  const { account, query } = bench
  const historyUrl = `${bench.apiUrl}/v1/account/${account}/history?${query}`
  const targets = [
    { name: 'balance', url: `${bench.apiUrl}/v1/account/${account}/balance?${query}&currency=usd` },
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
  await bench.stop()
}
