import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listImports } from './layers.ts'

const reactSrc = resolve(import.meta.dirname, '../packages/react/src')
const sheet = join(reactSrc, 'styles/index.css')

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => join(dir, name))
    .sort()
}

describe('@latch/react has one stylesheet', () => {
  it('styles/index.css imports every stylesheet of the package, once', () => {
    const imported = [...readFileSync(sheet, 'utf8').matchAll(/@import\s+"([^"]+)"/g)].map(
      ([, path]) => resolve(reactSrc, 'styles', path ?? ''),
    )
    expect(imported.sort()).toEqual(filesUnder(reactSrc, /\.css$/).filter((f) => f !== sheet))
  })

  it('only LatchProvider imports CSS, and only that sheet (no CSS split across lazy chunks)', () => {
    const cssImports = filesUnder(reactSrc, /\.tsx?$/).flatMap((file) =>
      listImports(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.endsWith('.css'))
        .map((specifier) => `${relative(reactSrc, file)} -> ${specifier}`),
    )
    expect(cssImports).toEqual(['LatchProvider.tsx -> ./styles/index.css'])
  })
})
