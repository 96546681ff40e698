import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { loadAuthShareKey } from './loadAuthShareKey.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'latch-key-'))
  dirs.push(dir)
  return dir
}

test('LATCH_AUTH_SHARE_KEY wins and writes nothing', async () => {
  const stateDir = await tempDir()
  const loaded = await loadAuthShareKey({ keyHex: 'ab'.repeat(32), stateDir })
  expect(loaded.source).toBe('LATCH_AUTH_SHARE_KEY')
  expect(Buffer.from(loaded.key).toString('hex')).toBe('ab'.repeat(32))
  await expect(stat(path.join(stateDir, 'auth-share.key'))).rejects.toThrow()
})

test('without it, a key is generated once into <stateDir>/auth-share.key (0600) and kept', async () => {
  const stateDir = path.join(await tempDir(), 'state')
  const [first, racing] = await Promise.all([
    loadAuthShareKey({ stateDir }),
    loadAuthShareKey({ stateDir }),
  ])
  expect(Buffer.from(racing.key)).toEqual(Buffer.from(first.key))
  expect([first.source, racing.source].sort()).toEqual(['file', 'generated'])
  const file = path.join(stateDir, 'auth-share.key')
  expect((await stat(file)).mode & 0o777).toBe(0o600)
  const again = await loadAuthShareKey({ stateDir })
  expect(again).toMatchObject({ source: 'file', file })
  expect(Buffer.from(again.key)).toEqual(Buffer.from(first.key))
})

test('a damaged key file is an error, never silently replaced', async () => {
  const stateDir = await tempDir()
  await writeFile(path.join(stateDir, 'auth-share.key'), 'not a key\n')
  await expect(loadAuthShareKey({ stateDir })).rejects.toThrow(
    'does not hold a key of 64 hex digits',
  )
})
