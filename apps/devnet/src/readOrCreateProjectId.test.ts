import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { readOrCreateProjectId } from './readOrCreateProjectId.ts'

it('keeps the same project id from one start to the next', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-project-id-'))
  const first = await readOrCreateProjectId(dir)
  expect(first).toMatch(/^[0-9a-f]{32}$/)
  expect(await readOrCreateProjectId(dir)).toBe(first)
  expect(readFileSync(join(dir, 'devnet-project-id'), 'utf8').trim()).toBe(first)
})

it('replaces a damaged id file with a new id', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-project-id-'))
  writeFileSync(join(dir, 'devnet-project-id'), 'not an id')
  expect(await readOrCreateProjectId(dir)).toMatch(/^[0-9a-f]{32}$/)
})
