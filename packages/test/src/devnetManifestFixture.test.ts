import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { readDevnetManifest, writeDevnetManifest } from '@latch/devnet'
import { expect, test } from 'vitest'
import { devnetManifestFixture, fixtureProjectId } from './devnetManifestFixture.ts'

test('the manifest fixture is one the devnet writes and reads back', async () => {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'latch-test-fixture-'))
  try {
    const manifest = devnetManifestFixture('http://127.0.0.1:9/rpc')
    const written = await writeDevnetManifest(stateDir, manifest)
    expect(JSON.parse(await readFile(written, 'utf8')).chains[0].rpcUrl).toBe(
      'http://127.0.0.1:9/rpc',
    )
    expect(await readDevnetManifest(stateDir)).toEqual(manifest)
    expect(manifest.projectId).toBe(fixtureProjectId)
  } finally {
    await rm(stateDir, { recursive: true, force: true })
  }
})
