import { loadConfig } from '@latch/config'
import autocannon from 'autocannon'
import { startBareHono } from './bareHono.ts'
import { startReadBench } from './startReadBench.ts'

/**
 * The API's read paths under load, on loopback, in one run: a bare Hono route returning a fixed
 * JSON body (the machine's limit, in its own process), then Latch's balance, history, identity,
 * NFT list and swap quotes on PGlite, then the same on a throwaway PostgreSQL. Each backend
 * starts the local stack with rate limits off, makes some devnet activity and waits for the
 * indexer; each endpoint is warmed, then loaded with autocannon. Printed: req/s, p50 and p99
 * latency, errors, and each Latch figure as a share of the bare Hono req/s measured just before.
 * Usage: npm run bench:api [-- --duration 10 --connections 10 --pglite-only --postgres-only]
 * (`--postgres` is `--postgres-only`).
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const duration = option('duration', 10)
const connections = option('connections', 10)
const postgresOnly = process.argv.includes('--postgres-only') || process.argv.includes('--postgres')
const pgliteOnly = process.argv.includes('--pglite-only')
if (postgresOnly && pgliteOnly)
  throw new Error('Choose --pglite-only or --postgres-only, not both.')
/** The latency goal of issue 17 for every read endpoint. */
const p99GoalMs = 20
/** The throughput goal: this share of the bare Hono req/s. */
const shareGoal = 0.25
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const portBase = loadConfig().LATCH_BENCH_PORT_BASE ?? 4670

type Figures = { requests: number; p50: number; p99: number; errors: number }
type Row = Figures & { backend: string; name: string; bare: number }

/** One endpoint: a short warm-up (JIT, caches), then the measured load. */
async function load(url: string): Promise<Figures> {
  await autocannon({ url, connections, duration: Math.min(2, duration) })
  const result = await autocannon({ url, connections, duration })
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

async function measureBare(): Promise<Figures> {
  const bare = await startBareHono()
  try {
    return await load(bare.url)
  } finally {
    await bare.stop()
  }
}

const rows: Row[] = []
const bareRows: (Figures & { backend: string })[] = []

for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  if (backend === 'PGlite' && postgresOnly) continue
  if (backend === 'PostgreSQL' && pgliteOnly) continue
  // The limit measured right before this backend's figures, under the same machine load.
  const bare = await measureBare()
  bareRows.push({ backend, ...bare })
  const bench = await startReadBench({
    name: `api-${backend.toLowerCase()}`,
    portBase,
    usePostgres: backend === 'PostgreSQL',
  })
  try {
    const { account, query, apiUrl, projectId, chainId } = bench
    // A swap quote of 1 ETH for LUSD on the devnet's pools (each one reads the reserves on-chain).
    const tokens = (await (await fetch(`${apiUrl}/v1/convert/tokens?${query}`)).json()) as {
      tokens?: { symbol: string; address: string }[]
    }
    const lusd = tokens.tokens?.find((token) => token.symbol === 'LUSD')?.address
    if (!lusd) throw new Error('GET /v1/convert/tokens listed no LUSD on the devnet.')
    // An account holding lanterns (minted to the first devnet accounts at deploy time).
    let nftOwner: string | undefined
    for (const candidate of bench.accounts) {
      const body = (await (
        await fetch(`${apiUrl}/v1/account/${candidate}/nfts?${query}`)
      ).json()) as { data?: unknown[] }
      if (body.data?.length) {
        nftOwner = candidate
        break
      }
    }
    if (!nftOwner) throw new Error('No devnet account holds a lantern in the NFT list.')
    const targets = [
      { name: 'balance', url: `${apiUrl}/v1/account/${account}/balance?${query}&currency=usd` },
      { name: 'history', url: `${apiUrl}/v1/account/${account}/history?${query}` },
      { name: 'identity', url: `${apiUrl}/v1/identity/${account}?projectId=${projectId}` },
      { name: 'NFT list', url: `${apiUrl}/v1/account/${nftOwner}/nfts?${query}` },
      {
        name: 'swap quotes',
        url: `${apiUrl}/v1/convert/quotes?projectId=${projectId}&from=eip155:${chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${lusd}&amount=1000000000000000000&userAddress=${account}&gasPrice=1000000000`,
      },
    ]
    // Each answers 200 before it is loaded.
    for (const target of targets) {
      const response = await fetch(target.url)
      if (!response.ok)
        throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`)
    }
    for (const target of targets)
      rows.push({ backend, name: target.name, bare: bare.requests, ...(await load(target.url)) })
    // History at 100,000 transfers (deep pages through the cursor) is measured by
    // `npm run bench:history` (bench/history.ts, issue 17 item 2), which seeds its own database.
  } finally {
    await bench.stop()
  }
}

const number = (value: number, digits = 0) => value.toFixed(digits)
console.log(
  `\nLatch API read paths (${connections} connections, ${duration} s each after a warm-up, loopback)\n`,
)
console.log('  database    endpoint       req/s     p50 ms   p99 ms   errors   share of bare Hono')
for (const row of bareRows)
  console.log(
    `  ${row.backend.padEnd(10)}  ${'bare Hono'.padEnd(12)}  ${number(row.requests).padStart(7)}  ${number(row.p50, 1).padStart(7)}  ${number(row.p99, 1).padStart(7)}  ${String(row.errors).padStart(7)}   100%`,
  )
for (const row of rows) {
  const share = row.bare > 0 ? row.requests / row.bare : 0
  const met = share >= shareGoal && row.p99 < p99GoalMs && row.errors === 0
  console.log(
    `  ${row.backend.padEnd(10)}  ${row.name.padEnd(12)}  ${number(row.requests).padStart(7)}  ${number(row.p50, 1).padStart(7)}  ${number(row.p99, 1).padStart(7)}  ${String(row.errors).padStart(7)}   ${`${number(share * 100, 1)}%`.padStart(6)}  ${met ? 'goal met' : 'goal not met'}`,
  )
}
console.log(
  `\n  goal: >= ${shareGoal * 100}% of bare Hono req/s and p99 < ${p99GoalMs} ms, no errors.` +
    '\n  bare Hono: GET / answering a fixed JSON body, @hono/node-server in its own process,' +
    ' measured before each database.' +
    '\n  swap quotes: GET /v1/convert/quotes, 1 ETH -> LUSD on the devnet pools (req/s = quotes/s).' +
    '\n  history at 100,000 transfers: npm run bench:history.\n',
)
