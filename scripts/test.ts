import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, dirname, resolve } from 'node:path'
import { formatFailures, listPlaywrightFailures, listVitestFailures } from './listFailures.ts'
import { type StartPostgresReturnType, startPostgres } from './postgres.ts'

/**
 * `npm test`: lint and format check, type check, layer check and unit/API/devnet tests
 * (Vitest; the storage tests on PGlite and on a throwaway PostgreSQL this script starts), the
 * production web build and the embedded wallet frame's build, then the browser tests
 * (Playwright on Debian Chromium) against a stack they start and stop themselves. Ends with
 * the failed tests, each with the first lines of its error, then one `N passed, N failed` line.
 */
const root = resolve(import.meta.dirname, '..')
const results = resolve(root, '.latch')
mkdirSync(results, { recursive: true })
const bin = (name: string) => resolve(root, 'node_modules/.bin', name)
// Tools whose launcher says `#!/usr/bin/env node` must find this Node (24), not the system's,
// also when this script is run directly rather than through `npm test`.
const path = [dirname(process.execPath), resolve(root, 'node_modules/.bin'), process.env.PATH]
  .filter(Boolean)
  .join(delimiter)
const env = {
  ...process.env,
  PATH: path,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  FORCE_COLOR: process.env.CI ? '0' : '1',
}

const typecheckProjects = [
  'packages/api-contract',
  'packages/config',
  'packages/core',
  'packages/react',
  'apps/devnet',
  'packages/test',
  'apps/api',
  'apps/auth',
  'apps/web',
  'e2e',
  'scripts',
  'bench',
]

type Step = { name: string; command: string; args: string[]; cwd?: string }
const only = process.argv.slice(2)
const steps: Step[] = [
  { name: 'lint', command: bin('biome'), args: ['ci', '.'] },
  // Every project checked on its own (each has its own lib and types), two at a time: the
  // machine's two cores, about half the wall time of one after another.
  { name: 'typecheck', command: 'typecheck', args: [] },
  {
    name: 'unit',
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${resolve(results, 'unit-results.json')}`,
    ],
  },
  {
    name: 'build',
    command: process.execPath,
    args: [bin('vite'), 'build', '--logLevel', 'warn'],
    cwd: 'apps/web',
  },
  // The embedded wallet's frame: the browser tests' stack serves its build.
  {
    name: 'build auth',
    command: process.execPath,
    args: [bin('vite'), 'build', '--logLevel', 'warn'],
    cwd: 'apps/auth',
  },
  // The JS before a click stays within its budget (bytes of the build just made).
  { name: 'size', command: process.execPath, args: ['scripts/checkBundleSize.ts'] },
  { name: 'e2e', command: bin('playwright'), args: ['test', '-c', 'e2e/playwright.config.ts'] },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)))

rmSync(resolve(results, 'unit-results.json'), { force: true })
rmSync(resolve(results, 'e2e-results.json'), { force: true })

const failedSteps: string[] = []
// The unit step runs the storage tests on PostgreSQL too (LATCH_TEST_DATABASE_URL).
let postgres: StartPostgresReturnType | undefined
if (steps.some((s) => s.name === 'unit')) {
  console.log('\n== postgres')
  try {
    postgres = await startPostgres()
    console.log(`== postgres: ok (${postgres.url})`)
  } catch (error) {
    failedSteps.push('postgres')
    console.log(`${error instanceof Error ? error.message : String(error)}\n== postgres: FAILED`)
  }
}
for (const step of steps) {
  const started = performance.now()
  console.log(`\n== ${step.name}`)
  const run =
    step.name === 'typecheck'
      ? { status: await typecheckAll() }
      : spawnSync(step.command, step.args, {
          cwd: resolve(root, step.cwd ?? '.'),
          stdio: 'inherit',
          env:
            step.name === 'unit' && postgres
              ? { ...env, LATCH_TEST_DATABASE_URL: postgres.url }
              : env,
        })
  if (step.name === 'unit') await postgres?.stop()
  const took = ((performance.now() - started) / 1000).toFixed(1)
  if (run.status !== 0) {
    failedSteps.push(step.name)
    console.log(`== ${step.name}: FAILED (${took} s)`)
  } else console.log(`== ${step.name}: ok (${took} s)`)
}
await postgres?.stop()

let passed = 0
let failed = 0
const unitFile = resolve(results, 'unit-results.json')
if (existsSync(unitFile)) {
  const unit = JSON.parse(readFileSync(unitFile, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
  }
  passed += unit.numPassedTests
  failed += unit.numFailedTests
}
const e2eFile = resolve(results, 'e2e-results.json')
if (existsSync(e2eFile)) {
  const e2e = JSON.parse(readFileSync(e2eFile, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number }
  }
  passed += e2e.stats.expected + e2e.stats.flaky
  failed += e2e.stats.unexpected
}
// A step that failed without a test result (lint, type check, build) counts as one failure.
failed += failedSteps.filter((s) => s !== 'unit' && s !== 'e2e').length
// The failed tests again, last: a log read from its end (CI shows its tail) names them.
const failures = [...listVitestFailures(unitFile, root), ...listPlaywrightFailures(e2eFile, root)]
// A failure outside any test (a test file's or the browser run's set-up threw) counts as one:
// the reports count none (Vitest counts that file's tests as skipped).
failed += failures.filter((failure) => failure.kind === 'set-up').length
if (failures.length > 0) console.log(`\n${formatFailures(failures)}`)
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\nlatch: ${passed} passed, ${failed} failed`)
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0)

/**
 * `tsc -p <project> --noEmit` for every project, `concurrency` at a time; each project's output
 * is printed whole when it ends. Resolves 0 when all pass, 1 otherwise.
 */
async function typecheckAll(concurrency = 2): Promise<number> {
  const queue = [...typecheckProjects]
  let status = 0
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const started = performance.now()
      const { code, output } = await new Promise<{ code: number | null; output: string }>(
        (done) => {
          const chunks: Buffer[] = []
          const child = spawn(bin('tsc'), ['-p', project, '--noEmit'], { cwd: root, env })
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
          child.on('error', (error) => done({ code: 1, output: String(error) }))
          child.on('close', (code) => done({ code, output: Buffer.concat(chunks).toString() }))
        },
      )
      if (output) process.stdout.write(output)
      const took = ((performance.now() - started) / 1000).toFixed(1)
      console.log(`   typecheck ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${took} s)`)
      if (code !== 0) status = 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return status
}
