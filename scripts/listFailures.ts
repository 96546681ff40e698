import { existsSync, readFileSync } from 'node:fs'

/**
 * One failure: where it is, its name, and the first lines of its error. `set-up` is a failure
 * outside any test (a test file whose set-up threw, a browser run whose global set-up threw),
 * which the reports' own counts leave out.
 */
export type Failure = { kind: 'test' | 'set-up'; file: string; name: string; error: string }

type VitestReport = {
  testResults?: {
    name: string
    message?: string
    status?: string
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
}

type PlaywrightReport = PlaywrightSuite & {
  errors?: { message?: string; location?: { file: string; line: number } }[]
}

type PlaywrightSuite = {
  title?: string
  file?: string
  specs?: {
    title: string
    file: string
    line: number
    tests: { status: string; results: { status: string; error?: { message?: string } }[] }[]
  }[]
  suites?: PlaywrightSuite[]
}

/** The first `lines` non-empty lines of an error, without terminal colour codes. */
function head(text: string, lines = 6): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, lines)
      .join('\n')
  )
}

/**
 * The failed tests in Vitest's JSON report (`--reporter=json`): each failed test, and each
 * test file that failed without a failed test (it did not load, or a hook threw). An absent
 * or unreadable file gives none.
 */
export function listVitestFailures(path: string, root = ''): Failure[] {
  const report = readJson<VitestReport>(path)
  const failures: Failure[] = []
  for (const file of report?.testResults ?? []) {
    const name = underRoot(file.name, root)
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed)
      failures.push({
        kind: 'test',
        file: name,
        name: test.fullName,
        error: head(test.failureMessages?.[0] ?? ''),
      })
    if (failed.length === 0 && file.status === 'failed')
      failures.push({
        kind: 'set-up',
        file: name,
        name: '(the file)',
        error: head(file.message ?? ''),
      })
  }
  return failures
}

/**
 * The errors of Playwright's JSON report outside any test (e.g. its global set-up threw), then
 * the tests it marks unexpected (failed on every retry) with the last try's error. An absent or
 * unreadable file gives none.
 */
export function listPlaywrightFailures(path: string, root = ''): Failure[] {
  const report = readJson<PlaywrightReport>(path)
  const failures: Failure[] = (report?.errors ?? []).map((error) => ({
    kind: 'set-up',
    file: error.location ? `${underRoot(error.location.file, root)}:${error.location.line}` : 'e2e',
    name: '(the run)',
    error: head(error.message ?? ''),
  }))
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failures.push({
            kind: 'test',
            file: `${spec.file}:${spec.line}`,
            name: [...titles, spec.title].join(' › '),
            error: head(test.results.at(-1)?.error?.message ?? ''),
          })
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles)
  }
  if (report) walk(report, [])
  return failures
}

/** The failures as the test run's closing lines print them. */
export function formatFailures(failures: Failure[]): string {
  return failures
    .map(
      (failure) =>
        `FAILED ${failure.file} › ${failure.name}\n${failure.error.replace(/^/gm, '    ')}`,
    )
    .join('\n')
}

/** `path` relative to `root` when it is under it. */
function underRoot(path: string, root: string): string {
  return root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path
}

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T
  } catch {
    return undefined
  }
}
