import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export type InitialJs = {
  /** The page's module scripts and everything they import statically, by path in `distDir`. */
  files: { path: string; raw: number; gzip: number }[]
  raw: number
  gzip: number
}

/**
 * The JS a built page runs before any click, as the browser must load it: the module scripts
 * of `index.html` and, transitively, their static imports (dynamic `import()`s are left out:
 * they load on demand). Sizes are the files' bytes and their gzip at level 9.
 */
export function measureInitialJs(distDir: string): InitialJs {
  const html = readFileSync(resolve(distDir, 'index.html'), 'utf8')
  const queue = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) =>
    (match[1] as string).replace(/^\//, ''),
  )
  const seen = new Set<string>()
  const files: InitialJs['files'] = []
  while (queue.length > 0) {
    const path = queue.shift() as string
    if (seen.has(path)) continue
    seen.add(path)
    const body = readFileSync(resolve(distDir, path))
    files.push({ path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
    const source = body.toString('utf8')
    // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`.
    for (const match of source.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    ))
      queue.push(resolve('/', dirname(path), match[1] as string).slice(1))
  }
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  }
}
