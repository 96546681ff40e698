import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { measureBeforeClickJs, measureInitialJs } from './measureInitialJs.ts'

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

test('counts before a click the critical path, then the preloaded modal and the devnet announcement apart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-size-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/app-A1.js"></script>')
  writeFileSync(
    join(dir, 'assets/app-A1.js'),
    'import{r}from"./runtime-R1.js";const m=()=>import(`./ConnectModalContainer-M1.js`),d=()=>import(`./startDevnetWallet-D1.js`);console.log(r,m,d)',
  )
  writeFileSync(join(dir, 'assets/runtime-R1.js'), 'export const r=1')
  // The modal imports the runtime (already loaded: not counted twice) and its own common chunk.
  writeFileSync(
    join(dir, 'assets/ConnectModalContainer-M1.js'),
    'import{r}from"./runtime-R1.js";import{c}from"./common-C1.js";const s=()=>import(`./swap-S1.js`);export default[r,c,s]',
  )
  writeFileSync(
    join(dir, 'assets/common-C1.js'),
    `export const c=${JSON.stringify('c'.repeat(500))}`,
  )
  writeFileSync(
    join(dir, 'assets/startDevnetWallet-D1.js'),
    'import{c}from"./common-C1.js";const k=()=>import(`./signer-K1.js`);export{c,k}',
  )
  writeFileSync(join(dir, 'assets/swap-S1.js'), 'x'.repeat(100_000))
  writeFileSync(join(dir, 'assets/signer-K1.js'), 'x'.repeat(100_000))
  const measured = measureBeforeClickJs(dir)
  const paths = (files: { path: string }[]) => files.map((file) => file.path).sort()
  expect(paths(measured.critical.files)).toEqual(['assets/app-A1.js', 'assets/runtime-R1.js'])
  expect(paths(measured.connectModal.files)).toEqual([
    'assets/ConnectModalContainer-M1.js',
    'assets/common-C1.js',
  ])
  expect(paths(measured.devnet.files)).toEqual(['assets/startDevnetWallet-D1.js'])
  expect(measured.production).toBe(measured.critical.gzip + measured.connectModal.gzip)
  expect(measured.devnetProfile).toBe(measured.production + measured.devnet.gzip)
  expect(measured.devnetProfile).toBeLessThan(2000)
})

test('says which chunk it could not find', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-size-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/app.js"></script>')
  writeFileSync(join(dir, 'assets/app.js'), 'console.log(1)')
  expect(() => measureBeforeClickJs(dir)).toThrow(/Expected one chunk for the connect modal/)
})
