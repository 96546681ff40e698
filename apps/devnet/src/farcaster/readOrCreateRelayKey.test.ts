import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readOrCreateRelayKey } from './readOrCreateRelayKey.ts'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('readOrCreateRelayKey', () => {
  it('makes a random key once, readable by its owner only, and keeps it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'latch-relay-key-'))
    const key = await readOrCreateRelayKey(dir)
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await stat(join(dir, 'farcaster-relay-key'))).mode & 0o777).toBe(0o600)
    expect(await readOrCreateRelayKey(dir)).toBe(key)
  })

  it('replaces a damaged file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'latch-relay-key-'))
    await writeFile(join(dir, 'farcaster-relay-key'), 'short\n')
    const key = await readOrCreateRelayKey(dir)
    expect(key).not.toBe('short')
    expect((await readFile(join(dir, 'farcaster-relay-key'), 'utf8')).trim()).toBe(key)
  })
})
