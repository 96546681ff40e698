import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const cli = join(import.meta.dirname, 'cli.ts')

function runConfig(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'latch-config-cli-'))
  const envFile = join(dir, 'settings.env')
  writeFileSync(envFile, 'LATCH_APP_NAME=From file\n')
  const { PATH, HOME } = process.env
  return spawnSync(process.execPath, [cli], {
    env: { PATH, HOME, LATCH_ENV_FILE: envFile, ...env },
    encoding: 'utf8',
  })
}

describe('npm run config', () => {
  test('prints each setting with its origin, secrets masked', () => {
    const run = runConfig({
      DATABASE_URL: 'postgres://latch:hunter2@db.example/latch',
      LATCH_NETWORKS: JSON.stringify([
        {
          id: 8453,
          name: 'Base',
          rpcUrl: 'https://base.example/v2/provider-key-123',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
      LATCH_PROJECT_IDS: 'shop',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^DATABASE_URL +env +postgres:\/\/latch:\*\*\*@db\.example\/latch$/m)
    expect(run.stdout).toMatch(/^LATCH_APP_NAME +\.env +From file$/m)
    expect(run.stdout).toMatch(/^LATCH_DB_POOL_SIZE +default +10$/m)
    expect(run.stdout).toContain('"rpcUrl":"https://base.example/***"')
    for (const secret of ['hunter2', 'provider-key-123']) expect(run.stdout).not.toContain(secret)
  })

  test('a bad setting is listed with its path and the exit code is 1', () => {
    const run = runConfig({ LATCH_NETWORKS: '[{"id":1}]', LATCH_SESSION_SECRET: 'sekrit' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('- LATCH_NETWORKS[0].name:')
    expect(run.stderr).toContain('- LATCH_SESSION_SECRET: Unknown setting.')
    // Even an unknown *_SECRET is printed masked.
    expect(run.stdout).toMatch(/^LATCH_SESSION_SECRET +env +\*\*\*$/m)
    expect(run.stdout).not.toContain('sekrit')
  })
})
