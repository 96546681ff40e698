import { existsSync, readFileSync } from 'node:fs'

/** One failed test: where it is, its name, and the first lines of its error. */
export type Failure = { file: string; name: string; error: string }

/** The name of a Vitest file's failure when the file failed without a failed test. */
export const fileFailureName = '(the file)'

type VitestReport = {
  testResults?: {
    name: string
    message?: string
    status?: string
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
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
    const name = root && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed)
      failures.push({
        file: name,
        name: test.fullName,
        error: head(test.failureMessages?.[0] ?? ''),
      })
    if (failed.length === 0 && file.status === 'failed')
      failures.push({ file: name, name: fileFailureName, error: head(file.message ?? '') })
  }
  return failures
}

/**
 * The tests Playwright's JSON report marks unexpected (failed on every retry), with the last
 * try's error. An absent or unreadable file gives none.
 */
export function listPlaywrightFailures(path: string): Failure[] {
  const report = readJson<PlaywrightSuite>(path)
  const failures: Failure[] = []
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          failures.push({
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

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T
  } catch {
    return undefined
  }
}
