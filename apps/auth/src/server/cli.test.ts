import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')

function cliEnv(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'latch-auth-cli-'))
  writeFileSync(join(dir, 'empty.env'), '')
  return {
    PATH: process.env.PATH ?? '',
    LATCH_ENV_FILE: join(dir, 'empty.env'),
    LATCH_STATE_DIR: dir,
    ...env,
  }
}

describe('node apps/auth/src/server/cli.ts', () => {
  test('a bad setting stops the start with the reason', () => {
    const run = spawnSync(process.execPath, ['apps/auth/src/server/cli.ts'], {
      cwd: root,
      env: cliEnv({ PORT: '0', LATCH_AUTH_URL: 'ftp://auth.example' }),
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('latch auth:')
    expect(run.stderr).toContain('LATCH_AUTH_URL')
  })
})
