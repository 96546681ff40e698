import { loadConfig } from '@latch/config'
import autocannon from 'autocannon'
import { startReadBench } from './startReadBench.ts'

/**
 * Load on the API's balance, history and swap-quote endpoints, on loopback: starts the local stack (its API
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
  // A swap quote of 1 ETH for LUSD on the devnet's pools (each one reads the reserves on-chain).
  const tokens = (await (await fetch(`${bench.apiUrl}/v1/convert/tokens?${query}`)).json()) as {
    tokens?: { symbol: string; address: string }[]
  }
  const lusd = tokens.tokens?.find((token) => token.symbol === 'LUSD')?.address
  if (!lusd) throw new Error('GET /v1/convert/tokens listed no LUSD on the devnet.')
  const quotesUrl = `${bench.apiUrl}/v1/convert/quotes?projectId=${bench.projectId}&from=eip155:${bench.chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${lusd}&amount=1000000000000000000&userAddress=${account}&gasPrice=1000000000`
  const check = await fetch(quotesUrl)
  if (!check.ok)
    throw new Error(`GET /v1/convert/quotes answered ${check.status}: ${await check.text()}`)
  const targets = [
    { name: 'balance', url: `${bench.apiUrl}/v1/account/${account}/balance?${query}&currency=usd` },
    { name: 'history', url: historyUrl },
    { name: 'quotes', url: quotesUrl },
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
  console.log(
    '\n  quotes: GET /v1/convert/quotes, 1 ETH -> LUSD on the devnet pools (req/s = quotes/s).',
  )
  console.log()
} finally {
  await bench.stop()
}
