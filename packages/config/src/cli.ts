/**
 * `npm run config`: prints the effective configuration, one setting a line, with where each
 * value came from (env, .env or default) and secrets masked. Exits 1 when a setting is bad.
 */
import { describeConfig } from './describeConfig.ts'
import { BaseError } from './errors/base.ts'

try {
  const { rows, envFile, issues } = describeConfig()
  const width = Math.max(...rows.map((row) => row.name.length))
  console.log(`Latch configuration (.env: ${envFile ?? 'none'})`)
  for (const row of rows)
    console.log(`${row.name.padEnd(width)}  ${row.origin.padEnd(7)}  ${row.value ?? '(unset)'}`)
  if (issues.length > 0) {
    console.error('\nInvalid settings:')
    for (const issue of issues) console.error(`- ${issue.path}: ${issue.message}`)
    process.exitCode = 1
  }
} catch (error) {
  if (!(error instanceof BaseError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
