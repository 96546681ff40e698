import { readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export type JsFiles = {
  /** Each file by path in `distDir`, with its bytes and its gzip at level 9. */
  files: { path: string; raw: number; gzip: number }[]
  raw: number
  gzip: number
}

export type InitialJs = JsFiles

/**
 * The connect modal's chunk (`loadConnectModal`): preloaded by index.html, imported when idle.
 */
export const connectModalChunkPattern = /^assets\/ConnectModalContainer-[\w-]+\.js$/
/** The chunk a devnet page loads at start: the Devnet Wallet's announcement (name and icon). */
export const devnetChunkPattern = /^assets\/startDevnetWallet-[\w-]+\.js$/

/**
 * The JS a built page runs before any click, as the browser must load it: the module scripts
 * of `index.html` and, transitively, their static imports (dynamic `import()`s are left out:
 * they load on demand). Sizes are the files' bytes and their gzip at level 9.
 */
export function measureInitialJs(distDir: string): InitialJs {
  const html = readFileSync(resolve(distDir, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) =>
    (match[1] as string).replace(/^\//, ''),
  )
  return measureStaticClosure(distDir, entries)
}

/**
 * `entries` (paths in `distDir`) and everything they import statically, leaving out the paths
 * in `loaded` (already counted elsewhere).
 */
export function measureStaticClosure(
  distDir: string,
  entries: readonly string[],
  loaded: ReadonlySet<string> = new Set(),
): JsFiles {
  const queue = [...entries]
  const seen = new Set<string>(loaded)
  const files: JsFiles['files'] = []
  while (queue.length > 0) {
    const path = queue.shift() as string
    if (seen.has(path)) continue
    seen.add(path)
    const body = readFileSync(resolve(distDir, path))
    files.push({ path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
    const source = body.toString('utf8')
    // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
    for (const match of source.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[^'"`();]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g,
    ))
      queue.push(resolve('/', dirname(path), match[1] as string).slice(1))
  }
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  }
}

export type BeforeClickJs = {
  /** Module scripts of the page and their static imports (loaded before `load`). */
  critical: JsFiles
  /** The connect modal's chunk and its static imports not already loaded (preloaded). */
  connectModal: JsFiles
  /** The Devnet Wallet's announcement, loaded at start by a devnet page only. */
  devnet: JsFiles
  /** critical + connectModal, gzip: a production page before a click. */
  production: number
  /** critical + connectModal + devnet, gzip: a page under `npm start` before a click. */
  devnetProfile: number
}

/**
 * All the JS a built page loads before the first click, in production (critical path and the
 * connect modal that index.html preloads) and under the devnet profile (the same, plus the Devnet
 * Wallet's announcement): one build serves both, the runtime config decides.
 */
export function measureBeforeClickJs(distDir: string): BeforeClickJs {
  const critical = measureInitialJs(distDir)
  const assets = readdirSync(resolve(distDir, 'assets')).map((file) => `assets/${file}`)
  const find = (pattern: RegExp, what: string) => {
    const found = assets.filter((path) => pattern.test(path))
    if (found.length !== 1)
      throw new Error(
        `Expected one chunk for ${what} in ${distDir} (${pattern}), found ${found.length}.`,
      )
    return found
  }
  const loaded = new Set(critical.files.map((file) => file.path))
  const connectModal = measureStaticClosure(
    distDir,
    find(connectModalChunkPattern, 'the connect modal'),
    loaded,
  )
  for (const file of connectModal.files) loaded.add(file.path)
  const devnet = measureStaticClosure(
    distDir,
    find(devnetChunkPattern, 'the Devnet Wallet'),
    loaded,
  )
  return {
    critical,
    connectModal,
    devnet,
    production: critical.gzip + connectModal.gzip,
    devnetProfile: critical.gzip + connectModal.gzip + devnet.gzip,
  }
}
