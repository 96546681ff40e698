import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '@latch/config'
import { chromium, type Page } from 'playwright-core'
import { serveWeb } from '../apps/web/src/server/serveWeb.ts'
import { startStack } from '../scripts/stack.ts'

/**
 * Builds the web app, starts the local stack and measures, in headless Chromium:
 * - JS bytes (raw and gzip) loaded before any click: on the critical path (before `load`) and
 *   prefetched while idle;
 * - JS bytes added by opening the connect modal;
 * - the median time from the click on "Connect Wallet" to the dialog being painted, on a
 *   fresh page each run, both right after load (cold) and once the idle prefetch has landed;
 * - requests to any host other than this machine.
 * The page is served as a real deployment would be: the devnet's chains and API, but without
 * the devnet-only "Devnet Wallet" (whose code a real deployment never loads).
 * Usage: npm run bench [-- --runs 15]
 */
const root = resolve(import.meta.dirname, '..')
const runsArg = process.argv.indexOf('--runs')
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const portBase = loadConfig().LATCH_BENCH_PORT_BASE ?? 4670

const build = spawnSync(
  process.execPath,
  [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
  {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
  },
)
if (build.status !== 0) process.exit(1)

const stack = await startStack({
  portBase,
  stateDir: mkdtempSync(join(tmpdir(), 'latch-bench-')),
  log: () => {},
})
const { manifest } = stack
const production = await serveWeb({
  port: 0,
  config: {
    appName: 'Latch',
    apiUrl: stack.apiUrl,
    projectId: manifest.projectId,
    relayUrl: manifest.relayUrl,
    // Email sign-in on, as by default: the Connect view shows the email field.
    authUrl: stack.authUrl,
    networks: manifest.chains.map((chain) => ({
      id: chain.id,
      name: chain.name,
      caipNetworkId: chain.caipNetworkId,
      rpcUrl: chain.rpcUrl,
      nativeCurrency: chain.nativeCurrency,
    })),
  },
})
const webUrl = production.url
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})

type Script = { url: string; raw: number; gzip: number; phase: 'critical' | 'idle' | 'modal' }

/** Records every script and stylesheet body the page receives, by path. */
function collectScriptBodies(page: Page, into: Map<string, Buffer>) {
  page.on('response', async (response) => {
    if (!['script', 'stylesheet'].includes(response.request().resourceType())) return
    const body = await response.body().catch(() => undefined)
    if (body) into.set(new URL(response.url()).pathname, body)
  })
}

/** Clicks "Connect Wallet" in the page and resolves with ms until the open dialog is painted. */
async function clickToDialog(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Connect Wallet',
        )
        if (!button) throw new Error('No Connect Wallet button.')
        const start = performance.now()
        const check = () => {
          const dialog = document.querySelector('dialog[open]')
          if (dialog && dialog.getBoundingClientRect().height > 0)
            requestAnimationFrame(() => done(performance.now() - start))
          else requestAnimationFrame(check)
        }
        button.click()
        check()
      }),
  )
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

try {
  // Bytes: one page; each script's phase comes from the page's own resource timing (when its
  // request started, against the load event and the click).
  const bodies = new Map<string, Buffer>()
  const outside = new Set<string>()
  const page = await browser.newPage()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol !== 'data:')
      outside.add(url.host)
  })
  collectScriptBodies(page, bodies)
  await page.goto(webUrl, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  const clickedAt = await page.evaluate(() => performance.now())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').waitFor()
  await page.waitForLoadState('networkidle')
  const timings = await page.evaluate(() => ({
    loadAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .loadEventStart,
    scripts: performance
      .getEntriesByType('resource')
      .filter(
        (e) =>
          (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'),
      )
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
    styles: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.css'))
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
  }))
  await page.close()
  const toScripts = (entries: typeof timings.scripts): Script[] =>
    entries.flatMap(({ path, startTime }) => {
      const body = bodies.get(path)
      if (!body) return []
      const phase: Script['phase'] =
        startTime < timings.loadAt ? 'critical' : startTime < clickedAt ? 'idle' : 'modal'
      return [{ url: path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, phase }]
    })
  const scripts = toScripts(timings.scripts)
  const styles = toScripts(timings.styles)

  const sum = (p: Script['phase'], of = scripts) =>
    of
      .filter((s) => s.phase === p)
      .reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 })
  const critical = sum('critical')
  const idle = sum('idle')
  const modal = sum('modal')
  const cssBefore = [sum('critical', styles), sum('idle', styles)].reduce((a, s) => ({
    raw: a.raw + s.raw,
    gzip: a.gzip + s.gzip,
  }))
  const cssModal = sum('modal', styles)

  // Latency: fresh pages.
  const cold: number[] = []
  const warm: number[] = []
  for (let i = 0; i < runs; i++) {
    const p1 = await browser.newPage()
    await p1.goto(webUrl, { waitUntil: 'load' })
    cold.push(await clickToDialog(p1))
    await p1.close()
    const p2 = await browser.newPage()
    await p2.goto(webUrl, { waitUntil: 'networkidle' })
    await p2.waitForTimeout(1200)
    warm.push(await clickToDialog(p2))
    await p2.close()
  }

  console.log('\nLatch connect modal benchmark (headless Chromium, production build)\n')
  for (const s of [...scripts, ...styles])
    console.log(
      `  ${s.phase.padEnd(8)} ${s.url.padEnd(48)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip`,
    )
  console.log(`
  JS before click, critical path  ${kb(critical.raw)} raw, ${kb(critical.gzip)} gzip
  JS before click, idle prefetch  ${kb(idle.raw)} raw, ${kb(idle.gzip)} gzip
  JS before click, total          ${kb(critical.raw + idle.raw)} raw, ${kb(critical.gzip + idle.gzip)} gzip   (goal <= 120 KB gzip)
  JS added by opening the modal   ${kb(modal.raw)} raw, ${kb(modal.gzip)} gzip
  CSS before click                ${kb(cssBefore.raw)} raw, ${kb(cssBefore.gzip)} gzip (${styles.filter((s) => s.phase !== 'modal').length} files)
  CSS added by opening the modal  ${kb(cssModal.raw)} raw, ${kb(cssModal.gzip)} gzip (${styles.filter((s) => s.phase === 'modal').length} files)
  click -> dialog, after prefetch median ${median(warm).toFixed(1)} ms over ${runs} runs   (goal <= 50 ms)
  click -> dialog, right after load median ${median(cold).toFixed(1)} ms over ${runs} runs
  outside hosts contacted          ${outside.size}${outside.size ? ` (${[...outside].join(', ')})` : ''}
`)
} finally {
  await browser.close()
  await production.stop()
  await stack.stop()
}
