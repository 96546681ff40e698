import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createI18n } from './createI18n.ts'
import { en } from './en.ts'
import { enLater } from './enLater.ts'
import { enStart } from './enStart.ts'

// The page carries the English strings it shows before a click (`enStart.ts`); the later views'
// strings (`enLater.ts`) come with their chunks through `laterMessages.ts`. These tests read the
// sources' static imports (what the bundler puts in a chunk) and the message keys they name.

const reactSrc = resolve(import.meta.dirname, '..')
const coreSrc = resolve(reactSrc, '../../core/src')
const webSrc = resolve(reactSrc, '../../../apps/web/src')
const laterMessages = resolve(import.meta.dirname, 'laterMessages.ts')

const strip = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')
const read = (file: string) => strip(readFileSync(file, 'utf8'))

/** Static imports of a file: relative specifiers that import values (not only types). */
function staticImports(file: string): { specifier: string; names: string[] }[] {
  const found: { specifier: string; names: string[] }[] = []
  for (const match of read(file).matchAll(
    /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)'/g,
  )) {
    if (match[2]) continue
    const clause = match[3] ?? ''
    const names = /\{([^}]*)\}/
      .exec(clause)?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    // `import { type A, type B } from` brings no value: the compiler drops it.
    if (
      match[1] === 'import' &&
      names &&
      names.length > 0 &&
      names.every((n) => n.startsWith('type '))
    )
      if (!/^\s*\w/.test(clause.replace(/\{[^}]*\}/, ''))) continue
    found.push({ specifier: match[4] as string, names: names ?? [] })
  }
  return found
}

const resolveRelative = (from: string, specifier: string) => {
  const path = resolve(dirname(from), specifier)
  return existsSync(path) && /\.tsx?$/.test(path) ? path : undefined
}

/** `files` and every file of this package they import statically. */
function staticClosure(files: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...files]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const { specifier } of staticImports(file)) {
      const path = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined
      if (path) queue.push(path)
    }
  }
  return seen
}

/** The files the package's index exports each name from. */
function exportedFrom(): Map<string, string> {
  const index = resolve(reactSrc, 'index.ts')
  const names = new Map<string, string>()
  for (const { specifier, names: exported } of staticImports(index)) {
    const path = specifier.startsWith('.') ? resolveRelative(index, specifier) : undefined
    if (path) for (const name of exported) names.set(name.replace(/^type\s+/, ''), path)
  }
  return names
}

const keys = Object.keys(en)
const keysIn = (files: Iterable<string>) => {
  const used = new Set<string>()
  for (const file of files) {
    const source = read(file)
    for (const key of keys) if (source.includes(`'${key}'`)) used.add(key)
  }
  return used
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => resolve(dir, path))

/**
 * The package's files in the page before a click: what the web app's first chunk imports from
 * `@latch/react` (its files reached without a dynamic import) and the connect modal the page
 * prefetches (`loadConnectModal`), with their static imports.
 */
function startFiles(): Set<string> {
  const webStart = staticClosure([resolve(webSrc, 'main.tsx')])
  const exported = exportedFrom()
  const roots = [resolve(reactSrc, 'connect/ConnectModalContainer.tsx')]
  for (const file of webStart)
    for (const { specifier, names } of staticImports(file))
      if (specifier === '@latch/react')
        for (const name of names) {
          const path = exported.get(name.replace(/^type\s+/, ''))
          if (path) roots.push(path)
        }
  return staticClosure(roots)
}

describe('English before a click', () => {
  const start = startFiles()

  it('holds every string the page and the connect modal first view name, and only those', () => {
    expect(start.has(resolve(reactSrc, 'connect/ConnectWallet.tsx'))).toBe(true)
    expect(start.has(resolve(reactSrc, 'account/ConnectedAccountPanel.tsx'))).toBe(false)
    // Core's error keys too: the first view shows errors (getErrorMessage).
    const used = keysIn([...start, ...sourceFiles(coreSrc)])
    expect([...used].filter((key) => !(key in enStart))).toEqual([])
    expect(Object.keys(enStart).filter((key) => !used.has(key))).toEqual([])
  })

  it('leaves enLater.ts out of the page and the connect modal', () => {
    expect(start.has(resolve(import.meta.dirname, 'enLater.ts'))).toBe(false)
    expect(start.has(laterMessages)).toBe(false)
    expect(Object.keys(enStart).filter((key) => key in enLater)).toEqual([])
  })

  it("gives every lazy chunk that shows a later view's string the later strings", () => {
    const missing: string[] = []
    let checked = 0
    for (const file of sourceFiles(reactSrc))
      for (const match of read(file).matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
        const target = resolveRelative(file, match[1] as string)
        if (!target || target.includes('/i18n/')) continue
        const closure = staticClosure([target])
        const later = [...keysIn([...closure].filter((path) => !start.has(path)))].filter(
          (key) => key in enLater,
        )
        if (later.length === 0) continue
        checked++
        if (!closure.has(laterMessages))
          missing.push(`${relative(reactSrc, target)} (${later.slice(0, 3).join(', ')})`)
      }
    expect(checked).toBeGreaterThan(5)
    expect(missing).toEqual([])
  })
})

describe('English in the page', () => {
  it("speaks the later views' strings once their chunk is loaded, and names a missing one", async () => {
    const { t } = createI18n('en', [])
    expect(t('connect.button')).toBe('Connect Wallet')
    expect(() => t('account.disconnect')).toThrow(
      'The message "account.disconnect" is not loaded: the chunk of the view that shows it must import i18n/laterMessages.ts',
    )
    await import('./laterMessages.ts')
    expect(t('account.disconnect')).toBe(enLater['account.disconnect'])
  })
})
