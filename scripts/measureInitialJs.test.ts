import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { measureInitialJs } from './measureInitialJs.ts'

test('counts the module scripts and their static imports, not dynamic ones', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-size-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<script src="/latch-config.js"></script><script type="module" crossorigin src="/assets/app.js"></script>',
  )
  writeFileSync(
    join(dir, 'assets/app.js'),
    'import{a}from"./shared.js";import"./side.js";const m=()=>import("./modal.js");console.log(a,m)',
  )
  writeFileSync(join(dir, 'assets/shared.js'), 'export{b as a}from"./deep.js"')
  writeFileSync(join(dir, 'assets/deep.js'), 'export const b=1')
  writeFileSync(join(dir, 'assets/side.js'), 'import"./shared.js";window.x=1')
  writeFileSync(join(dir, 'assets/modal.js'), 'x'.repeat(100_000))
  const initial = measureInitialJs(dir)
  expect(initial.files.map((file) => file.path).sort()).toEqual([
    'assets/app.js',
    'assets/deep.js',
    'assets/shared.js',
    'assets/side.js',
  ])
  expect(initial.raw).toBeLessThan(1000)
  expect(initial.gzip).toBeGreaterThan(0)
})
