import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startApi } from '../apps/api/src/startApi.ts'
import { findFreePort } from '../apps/devnet/src/findFreePort.ts'
import { startPostgres } from '../scripts/postgres.ts'
import { seedHistory } from './seedHistory.ts'

/**
 * History at scale (issue 17): seeds one account with 100,000 indexed transfers, serves the
 * API on that database (a LATCH_NETWORKS chain, indexer and rate limits off, the RPC never
 * asked: history reads the index only), then measures on loopback, on PGlite and on PostgreSQL:
 * - the first page under autocannon load (req/s, p50, p99);
 * - a walk from the newest page down to page `--pages` following each `next` cursor, one
 *   request at a time (p50, p99 and the slowest page);
 * - deep pages (the last 100 of the walk, page 500 and beyond by default) under load;
 * - `GET /health` of the same server under the same load, as a same-run reference.
 * Usage: npm run bench:history [-- --transfers 100000 --pages 600 --duration 10
 *   --connections 10 --pglite-only --postgres-only]
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const transfers = option('transfers', 100_000)
const pages = option('pages', 600)
const duration = option('duration', 10)
const connections = option('connections', 10)
const limit = 25

const chainId = 31337
const account = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const projectId = 'history-bench'

type Figures = { name: string; requests: number; p50: number; p99: number; errors: number }
const rows: (Figures & { backend: string })[] = []

for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  if (backend === 'PGlite' && process.argv.includes('--postgres-only')) continue
  if (backend === 'PostgreSQL' && process.argv.includes('--pglite-only')) continue
  const stateDir = mkdtempSync(join(tmpdir(), 'latch-bench-history-'))
  const postgres = backend === 'PostgreSQL' ? await startPostgres() : undefined
  try {
    const seedStart = performance.now()
    await seedHistory({
      databaseUrl: postgres?.url,
      dataDir: postgres ? undefined : join(stateDir, 'pgdata'),
      account,
      chainId,
      transfers,
    })
    console.log(
      `${backend}: seeded ${transfers.toLocaleString('en')} transfers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    )
    for (const figures of await measure({ stateDir, databaseUrl: postgres?.url }))
      rows.push({ backend, ...figures })
  } finally {
    await postgres?.stop()
    rmSync(stateDir, { recursive: true, force: true })
  }
}

console.log(
  `\nLatch history at ${transfers.toLocaleString('en')} transfers (${limit} per page, ${connections} connections, ${duration} s each, loopback)\n`,
)
console.log('  database    what                          req/s     p50 ms   p99 ms   errors')
for (const row of rows)
  console.log(
    `  ${row.backend.padEnd(10)}  ${row.name.padEnd(28)}  ${(row.requests ? row.requests.toFixed(0) : '-').padStart(6)}  ${row.p50.toFixed(1).padStart(7)}  ${row.p99.toFixed(1).padStart(7)}  ${String(row.errors).padStart(7)}`,
  )
console.log(
  '\n  walk: one request at a time from page 1, each following the previous `next` (no load).\n',
)

async function measure({
  stateDir,
  databaseUrl,
}: {
  stateDir: string
  databaseUrl: string | undefined
}): Promise<Figures[]> {
  const deadRpc = `http://127.0.0.1:${await findFreePort()}`
  const api = await startApi({
    port: 0,
    stateDir,
    env: {
      LATCH_NETWORKS: JSON.stringify([
        {
          id: chainId,
          name: 'History bench',
          rpcUrl: deadRpc,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
      LATCH_PROJECT_IDS: projectId,
      LATCH_INDEXER: 'off',
      LATCH_RATE_LIMITS: 'off',
      DATABASE_URL: databaseUrl,
    },
    logger: { info: () => {}, warn: () => {}, error: (message) => console.error(message) },
  })
  try {
    const path = `/v1/account/${account}/history?projectId=${projectId}&chainId=${chainId}&limit=${limit}`
    // The walk: page after page through the cursors, timing each.
    const cursors: string[] = []
    const times: number[] = []
    let next: string | null = null
    for (let page = 1; page <= pages; page++) {
      const started = performance.now()
      const response = await fetch(
        `${api.url}${path}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`,
      )
      const body = (await response.json()) as { data?: unknown[]; next?: string | null }
      times.push(performance.now() - started)
      if (!response.ok || body.data?.length !== limit)
        throw new Error(`Page ${page} answered ${response.status} with ${body.data?.length} items.`)
      next = body.next ?? null
      if (!next) throw new Error(`The history ended at page ${page}; seed more transfers.`)
      cursors.push(next)
    }
    // The same server's cheapest route, a reference measured in the same run: on a loaded
    // machine the ratio to it means more than either figure.
    const health = await load(`${api.url}/health`)
    // cursors[i] reads page i + 2: these read the 100 pages after the walk's first `pages - 100`.
    const deep = cursors.slice(-100)
    const deepFrom = pages - deep.length + 2
    const firstPage = await load(`${api.url}${path}`)
    const deepPages = await load(
      api.url,
      deep.map((cursor) => ({ path: `${path}&cursor=${encodeURIComponent(cursor)}` })),
    )
    // The first pages of the walk warm the caches; the rest is the steady state.
    const walk = times.slice(10).sort((a, b) => a - b)
    const at = (q: number) => walk[Math.min(walk.length - 1, Math.floor(walk.length * q))] ?? 0
    return [
      { name: 'GET /health (reference)', ...health },
      { name: 'first page, under load', ...firstPage },
      { name: `pages ${deepFrom}-${pages + 1}, under load`, ...deepPages },
      { name: `walk to page ${pages}`, requests: 0, p50: at(0.5), p99: at(0.99), errors: 0 },
    ]
  } finally {
    await api.stop()
  }
}

async function load(url: string, requests?: { path: string }[]) {
  const result = await autocannon({ url, connections, duration, requests })
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}
