import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')

/** Runs the web server's CLI with only these settings (an empty .env, no devnet). */
function runCli(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'latch-web-cli-'))
  writeFileSync(join(dir, 'empty.env'), '')
  return spawnSync(process.execPath, ['apps/web/src/server/cli.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LATCH_ENV_FILE: join(dir, 'empty.env'),
      LATCH_STATE_DIR: dir,
      PORT: '0',
      ...env,
    },
    encoding: 'utf8',
    timeout: 20_000,
  })
}

describe('node apps/web/src/server/cli.ts', () => {
  test('a wrong type or an unknown LATCH_* variable stops the start with the path and the reason', () => {
    const run = runCli({
      LATCH_NETWORKS: JSON.stringify([
        {
          id: 8453,
          name: 'Base',
          rpcUrl: 'ftp://base.example',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
      LATCH_RELAY_URL: 'wss://relay.example',
      LATCH_THEME: 'dark',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'latch web: Invalid environment variables: LATCH_THEME, LATCH_NETWORKS.',
    )
    expect(run.stderr).toContain('- LATCH_THEME: Unknown setting.')
    expect(run.stderr).toContain('- LATCH_NETWORKS[0].rpcUrl: Expected an http(s) URL.')
  })
})
