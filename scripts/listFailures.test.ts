import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { formatFailures, listPlaywrightFailures, listVitestFailures } from './listFailures.ts'

const dir = mkdtempSync(join(tmpdir(), 'latch-failures-'))

/** Writes a report as the test runner would, and gives its path. */
function writeReport(name: string, report: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(report))
  return path
}

test('lists the failed Vitest tests and a file that failed to load, with the first lines of each error', () => {
  const path = writeReport('unit.json', {
    testResults: [
      {
        name: '/repo/apps/api/src/a.test.ts',
        status: 'failed',
        assertionResults: [
          { fullName: 'a passes', status: 'passed', failureMessages: [] },
          {
            fullName: 'a › times out',
            status: 'failed',
            failureMessages: [
              '\u001b[31mError: Test timed out in 5000ms.\u001b[39m\n\n    at one\n    at two\n    at three\n    at four\n    at five\n    at six',
            ],
          },
        ],
      },
      {
        name: '/repo/b.test.ts',
        status: 'failed',
        message: 'SyntaxError: nope',
        assertionResults: [],
      },
      {
        name: '/repo/c.test.ts',
        status: 'passed',
        assertionResults: [{ fullName: 'c', status: 'passed' }],
      },
    ],
  })
  const failures = listVitestFailures(path, '/repo')
  expect(failures).toEqual([
    {
      kind: 'test',
      file: 'apps/api/src/a.test.ts',
      name: 'a › times out',
      error:
        'Error: Test timed out in 5000ms.\n    at one\n    at two\n    at three\n    at four\n    at five',
    },
    { kind: 'set-up', file: 'b.test.ts', name: '(the file)', error: 'SyntaxError: nope' },
  ])
  expect(formatFailures(failures)).toContain(
    'FAILED apps/api/src/a.test.ts › a › times out\n    Error: Test timed out in 5000ms.',
  )
})

test('lists the Playwright tests that failed on every try, in their describe blocks, not the flaky ones', () => {
  const spec = (title: string, line: number, status: string, message?: string) => ({
    title,
    file: 'swap.spec.ts',
    line,
    tests: [
      {
        status,
        results: [
          { status: 'failed', error: { message: 'first try' } },
          { status: 'failed', error: { message } },
        ],
      },
    ],
  })
  const path = writeReport('e2e.json', {
    suites: [
      {
        title: 'swap.spec.ts',
        file: 'swap.spec.ts',
        specs: [spec('swaps', 10, 'expected'), spec('retried', 20, 'flaky')],
        suites: [
          {
            title: 'in a restricted time zone',
            file: 'swap.spec.ts',
            specs: [spec('no button', 30, 'unexpected', 'expect(locator).toBeHidden() failed')],
          },
        ],
      },
    ],
  })
  expect(listPlaywrightFailures(path)).toEqual([
    {
      kind: 'test',
      file: 'swap.spec.ts:30',
      name: 'in a restricted time zone › no button',
      error: 'expect(locator).toBeHidden() failed',
    },
  ])
})

test('an absent or broken report lists nothing', () => {
  const broken = join(dir, 'broken.json')
  writeFileSync(broken, '{"testResults": [')
  expect(listVitestFailures(join(dir, 'absent.json'))).toEqual([])
  expect(listVitestFailures(broken)).toEqual([])
  expect(listPlaywrightFailures(broken)).toEqual([])
})

test('an error outside any browser test (the global set-up threw) is a set-up failure', () => {
  const path = writeReport('setup.json', {
    errors: [
      {
        message: 'InvalidConfigError: Invalid environment variables: LATCH_E2E_PORT_BASE.',
        location: { file: '/repo/e2e/globalSetup.ts', line: 17, column: 5 },
      },
    ],
    suites: [],
    stats: { expected: 0, unexpected: 0, flaky: 0 },
  })
  expect(listPlaywrightFailures(path, '/repo')).toEqual([
    {
      kind: 'set-up',
      file: 'e2e/globalSetup.ts:17',
      name: '(the run)',
      error: 'InvalidConfigError: Invalid environment variables: LATCH_E2E_PORT_BASE.',
    },
  ])
})
