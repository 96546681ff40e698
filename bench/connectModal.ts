import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '@latch/config'
import type { LatchWebConfig } from '@latch/core'
import { chromium, type Page } from 'playwright-core'
import { loadWebConfig } from '../apps/web/src/server/loadWebConfig.ts'
import { serveWeb } from '../apps/web/src/server/serveWeb.ts'
import { measureBeforeClickJs } from '../scripts/measureInitialJs.ts'
import { startStack } from '../scripts/stack.ts'
import { measureFeatureChunks } from './measureFeatureChunks.ts'

/**
 * Builds the web app, starts the local stack and measures, in headless Chromium, for two
 * profiles of the same build - production (served as a real deployment would be: the devnet's
 * chains and API, without the devnet-only Devnet Wallet) and devnet (`npm start`'s page, with
 * the Devnet Wallets):
 * - JS bytes (raw and gzip) loaded before any click: until `load` (the page's scripts and the
 *   connect modal's chunks its index.html preloads) and after it, while idle;
 * - JS bytes added by opening the connect modal;
 * - the median time from the click on "Connect Wallet" to the dialog being painted with its
 *   view (email field, wallet list, at full height), on a fresh page each run, both right after
 *   load (cold) and once the page has been idle a while (warm), with the part until the dialog is in
 *   the DOM (React's render and commit) and until its first frame (the loading frame when the
 *   modal's code was not there yet);
 * - requests to any host other than this machine.
 * From the build (with source maps, in a scratch directory): the JS before a click per
 * profile as `npm test`'s size check counts it, and each wave-2 feature's bytes before a click
 * and its on-demand chunks.
 * With `--baseline <dir>` (another build's output, e.g. the commit before a change built with
 * `vite build --outDir <dir>`), the click latencies are measured for that build too, in the
 * same run and interleaved run by run, for a before/after on a busy machine.
 * Usage: npm run bench [-- --runs 15] [-- --baseline /tmp/web-before]
 */
const root = resolve(import.meta.dirname, '..')
const runsArg = process.argv.indexOf('--runs')
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15
const baselineArg = process.argv.indexOf('--baseline')
const baselineDir = baselineArg > 0 ? resolve(process.argv[baselineArg + 1] ?? '') : undefined
if (baselineDir && !existsSync(join(baselineDir, 'index.html'))) {
  console.error(`--baseline: no build in ${baselineDir} (index.html missing).`)
  process.exit(1)
}
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const portBase = loadConfig().LATCH_BENCH_PORT_BASE ?? 4670

/** Goals (issue 17). */
const goals = {
  productionKb: 100,
  devnetKb: 120,
  coldMs: 40,
  warmMs: 25,
}

const vite = (...args: string[]) =>
  spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args],
    { cwd: resolve(root, 'apps/web'), stdio: 'inherit' },
  ).status === 0
// The build the pages are served from, and the same with source maps for the attribution.
const mapsDir = mkdtempSync(join(tmpdir(), 'latch-bench-maps-'))
if (!vite() || !vite('--sourcemap', 'hidden', '--outDir', mapsDir, '--emptyOutDir')) process.exit(1)
const sizes = measureBeforeClickJs(mapsDir)
const features = measureFeatureChunks(
  mapsDir,
  new Set([...sizes.critical.files, ...sizes.connectModal.files].map((file) => file.path)),
)
rmSync(mapsDir, { recursive: true, force: true })

const stateDir = mkdtempSync(join(tmpdir(), 'latch-bench-'))
const stack = await startStack({ portBase, stateDir, log: () => {} })
const { manifest } = stack
const productionConfig: LatchWebConfig = {
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
}
const production = await serveWeb({ port: 0, config: productionConfig })
// The baseline build, served with the same two pages' settings (the devnet profile's as the
// stack's own web server builds them).
const baseline = baselineDir
  ? {
      production: await serveWeb({ port: 0, distDir: baselineDir, config: productionConfig }),
      devnet: await serveWeb({
        port: 0,
        distDir: baselineDir,
        config: loadWebConfig({
          env: {
            LATCH_STATE_DIR: stateDir,
            LATCH_API_URL: stack.apiUrl,
            LATCH_AUTH_URL: stack.authUrl,
          },
        }),
      }),
    }
  : undefined
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

type ClickTiming = { painted: number; inDom: number; frame: number }

/**
 * Clicks "Connect Wallet" in the page and resolves with ms until the dialog is painted with
 * its view: the frame holding the open dialog, its view's controls (email field, wallet list)
 * and the body at the view's height (not the loading frame, not a body still growing from
 * 0 px) has been rendered - timed by a user-blocking task posted from that frame's animation
 * callback, which runs right after the frame's style, layout and paint, before other tasks.
 * Also until the open dialog is in the DOM (React rendered and committed it) and until the
 * first frame holding any open dialog (the loading frame on a click before the modal's code).
 */
async function clickToDialog(page: Page): Promise<ClickTiming> {
  // On a busy machine React may render the button just after `load`: a person clicks it then.
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
  return page.evaluate(
    () =>
      new Promise<ClickTiming>((done, fail) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Connect Wallet',
        )
        if (!button) throw new Error('No Connect Wallet button.')
        let inDom: number | undefined
        let frame: number | undefined
        const observer = new MutationObserver(() => {
          if (inDom === undefined && document.querySelector('dialog[open]'))
            inDom = performance.now() - start
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
        const afterThisFrame = (task: () => void) => {
          const scheduler = (
            globalThis as {
              scheduler?: { postTask?(task: () => void, options: { priority: string }): unknown }
            }
          ).scheduler
          if (scheduler?.postTask) scheduler.postTask(task, { priority: 'user-blocking' })
          else setTimeout(task, 0)
        }
        // Its controls are there and the body is at the view's height (not 0 px, not growing).
        const viewShown = (dialog: Element) => {
          const body = dialog.querySelector<HTMLElement>('.latch-modal__body')
          const content = dialog.querySelector<HTMLElement>('.latch-modal__content')
          if (!body || !content || !dialog.querySelector('.latch-modal__view :is(input, button)'))
            return false
          const height = Number.parseFloat(body.style.height)
          const growing = body
            .getAnimations()
            .some((a) => (a as CSSTransition).transitionProperty === 'height')
          return !growing && !(height < content.offsetHeight - 1)
        }
        const start = performance.now()
        const check = () => {
          if (performance.now() - start > 10_000) {
            observer.disconnect()
            fail(new Error('The connect modal did not show its view within 10 s.'))
            return
          }
          const dialog = document.querySelector('dialog[open]')
          if (dialog && frame === undefined && dialog.getBoundingClientRect().height > 0)
            afterThisFrame(() => {
              frame ??= performance.now() - start
            })
          if (dialog && viewShown(dialog))
            afterThisFrame(() => {
              observer.disconnect()
              const painted = performance.now() - start
              done({ painted, inDom: inDom ?? painted, frame: frame ?? painted })
            })
          else requestAnimationFrame(check)
        }
        button.click()
        requestAnimationFrame(check)
      }),
  )
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

type ProfileFigures = Awaited<ReturnType<typeof measureProfile>>

/** One profile's page: its scripts by phase, the click to dialog latencies, outside hosts. */
async function measureProfile(webUrl: string, baselineUrl?: string) {
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
  // What the modal loads after its first frame too: its requests' code right after, analytics
  // when the page is idle (within 3 s).
  await page.waitForTimeout(3500)
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
      // A body Chromium would not hand over (a module preloaded by a dynamic import's
      // modulepreload, read from its cache) is the built file itself.
      const built = resolve(root, 'apps/web/dist', `.${path}`)
      const body = bodies.get(path) ?? (existsSync(built) ? readFileSync(built) : undefined)
      if (!body) return []
      const phase: Script['phase'] =
        startTime < timings.loadAt ? 'critical' : startTime < clickedAt ? 'idle' : 'modal'
      return [{ url: path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, phase }]
    })
  const scripts = toScripts(timings.scripts)
  const styles = toScripts(timings.styles)

  // Latency: fresh pages (this build's and the baseline's in turn).
  const cold: ClickTiming[] = []
  const warm: ClickTiming[] = []
  const before = { cold: [] as ClickTiming[], warm: [] as ClickTiming[] }
  const measureOnce = async (url: string, into: { cold: ClickTiming[]; warm: ClickTiming[] }) => {
    const p1 = await browser.newPage()
    await p1.goto(url, { waitUntil: 'load' })
    into.cold.push(await clickToDialog(p1))
    await p1.close()
    const p2 = await browser.newPage()
    await p2.goto(url, { waitUntil: 'networkidle' })
    await p2.waitForTimeout(1200)
    into.warm.push(await clickToDialog(p2))
    await p2.close()
  }
  for (let i = 0; i < runs; i++) {
    await measureOnce(webUrl, { cold, warm })
    if (baselineUrl) await measureOnce(baselineUrl, before)
  }
  return { scripts, styles, cold, warm, outside, baseline: baselineUrl ? before : undefined }
}

const sum = (of: Script[], phase: Script['phase']) =>
  of
    .filter((s) => s.phase === phase)
    .reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 })
const met = (value: number, goal: number) => (value <= goal ? 'met' : 'NOT met')

function printProfile(title: string, figures: ProfileFigures, goalKb: number) {
  const { scripts, styles, cold, warm, outside, baseline } = figures
  const critical = sum(scripts, 'critical')
  const idle = sum(scripts, 'idle')
  const modal = sum(scripts, 'modal')
  const before = critical.gzip + idle.gzip
  const cssBefore = sum(styles, 'critical').gzip + sum(styles, 'idle').gzip
  const coldMs = median(cold.map((t) => t.painted))
  const warmMs = median(warm.map((t) => t.painted))
  console.log(`\n${title}\n`)
  for (const s of [...scripts, ...styles])
    console.log(
      `  ${s.phase.padEnd(8)} ${s.url.padEnd(48)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip`,
    )
  console.log(`
  JS before click, until load     ${kb(critical.raw)} raw, ${kb(critical.gzip)} gzip
  JS before click, after, idle    ${kb(idle.raw)} raw, ${kb(idle.gzip)} gzip
  JS before click, total          ${kb(critical.raw + idle.raw)} raw, ${kb(before)} gzip   (goal <= ${goalKb} KB gzip: ${met(before, goalKb * 1024)})
  JS added by opening the modal   ${kb(modal.raw)} raw, ${kb(modal.gzip)} gzip
  CSS before click / modal        ${kb(cssBefore)} / ${kb(sum(styles, 'modal').gzip)} gzip
  click -> dialog with its view painted, right after load median ${coldMs.toFixed(1)} ms (in the DOM at ${median(cold.map((t) => t.inDom)).toFixed(1)} ms, first dialog frame at ${median(cold.map((t) => t.frame)).toFixed(1)} ms) over ${runs} runs   (goal <= ${goals.coldMs} ms: ${met(coldMs, goals.coldMs)})
  click -> dialog with its view painted, page idle a while median ${warmMs.toFixed(1)} ms (in the DOM at ${median(warm.map((t) => t.inDom)).toFixed(1)} ms, first dialog frame at ${median(warm.map((t) => t.frame)).toFixed(1)} ms) over ${runs} runs   (goal <= ${goals.warmMs} ms: ${met(warmMs, goals.warmMs)})
  outside hosts contacted          ${outside.size}${outside.size ? ` (${[...outside].join(', ')})` : ''}`)
  if (baseline)
    console.log(
      `  baseline build (same run, interleaved): dialog with its view painted right after load median ${median(baseline.cold.map((t) => t.painted)).toFixed(1)} ms (first dialog frame ${median(baseline.cold.map((t) => t.frame)).toFixed(1)} ms), page idle a while ${median(baseline.warm.map((t) => t.painted)).toFixed(1)} ms (first dialog frame ${median(baseline.warm.map((t) => t.frame)).toFixed(1)} ms)`,
    )
}

try {
  const productionFigures = await measureProfile(production.url, baseline?.production.url)
  // The stack's own web server: the page `npm start` serves, Devnet Wallets announced.
  const devnetFigures = await measureProfile(stack.webUrl, baseline?.devnet.url)
  console.log('\nLatch connect modal benchmark (headless Chromium, one production build)')
  printProfile('Production (no Devnet Wallet)', productionFigures, goals.productionKb)
  printProfile('Devnet profile (npm start: Devnet Wallets)', devnetFigures, goals.devnetKb)
  console.log(`
From the build (npm test's size check; gzip per file)
  production before a click   ${kb(sizes.production)} (critical ${kb(sizes.critical.gzip)} + connect modal preload ${kb(sizes.connectModal.gzip)})   (goal <= ${goals.productionKb} KB: ${met(sizes.production, goals.productionKb * 1024)})
  devnet before a click       ${kb(sizes.devnetProfile)} (+ Devnet Wallet announcement ${kb(sizes.devnet.gzip)})   (goal <= ${goals.devnetKb} KB: ${met(sizes.devnetProfile, goals.devnetKb * 1024)})

Wave-2 features (goal: 0 B of their code before a click; on demand: the chunks holding their
modules and those chunks' static imports, gzip; shared chunks count for each feature using them)
${features
  .map(
    (f) =>
      `  ${f.name.padEnd(31)} before a click ${`${f.beforeClickRaw} B`.padStart(7)}${f.loaderRaw ? ` (+ ${f.loaderRaw} B route loader)` : ''}   on demand ${kb(f.onDemand.gzip).padStart(9)} gzip in ${f.onDemand.files.length} files   ${f.beforeClickRaw === 0 ? 'met' : 'NOT met'}`,
  )
  .join('\n')}
`)
} finally {
  await browser.close()
  await production.stop()
  await baseline?.production.stop()
  await baseline?.devnet.stop()
  await stack.stop()
}
