import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

/**
 * The layer order, bottom first: a layer may import only the layers listed for it.
 * api-contract holds zod schemas only; core is framework-free; react adapts core; apps compose.
 */
export const layers = {
  'packages/api-contract': [],
  'packages/config': [],
  'packages/core': ['@latch/api-contract'],
  'packages/react': ['@latch/api-contract', '@latch/core'],
  'apps/web': ['@latch/api-contract', '@latch/config', '@latch/core', '@latch/react'],
  'apps/auth': ['@latch/api-contract', '@latch/config', '@latch/core'],
  'apps/api': ['@latch/api-contract', '@latch/config', '@latch/core'],
  'apps/devnet': ['@latch/api-contract', '@latch/config'],
  'packages/test': ['@latch/api-contract', '@latch/config', '@latch/core', '@latch/devnet'],
} as const satisfies Record<string, readonly string[]>

/** What test code may import besides its layer's list (the real API, to test against it). */
const testOnly = ['@latch/test', '@latch/api']

/**
 * `@latch/config` reads the environment and files (Node only) and names secrets: it serves the
 * servers, scripts and tests, never a browser bundle. In apps/web and apps/auth (the frame)
 * only the server and the Vite config may import it.
 */
const serverOnly = {
  name: '@latch/config',
  allowed: {
    'apps/web': ['apps/web/src/server/', 'apps/web/vite.config.ts'],
    'apps/auth': ['apps/auth/src/server/', 'apps/auth/vite.config.ts'],
  } as Readonly<Record<string, readonly string[]>>,
}

/** `@latch/config` sits at the bottom beside api-contract: zod and Node's built-ins only. */
const zodOnly = ['packages/config']

/**
 * Folders inside one workspace, top first: a file in one may import the folders after it,
 * never those before it. In `apps/api`, routes call services and stores, services call
 * stores, stores call neither. Folders listed in `noQueries` hand the database to a service
 * or a store and never build a query themselves (no `drizzle-orm`, no `db/schema`); their
 * tests may, to check what a request stored.
 */
export const folderLayers = [
  {
    root: 'apps/api/src',
    order: ['routes', 'services', 'stores'],
    noQueries: ['routes'],
    schemaDir: 'db/schema',
  },
] as const

/** Packages a framework-free layer must never import. */
const forbiddenInCore = ['react', 'react-dom', '@tanstack/react-query']

export type LayerViolation = { file: string; specifier: string; reason: string }

/** Test code: `*.test.ts(x)`, a `testing.ts` or anything under a `testing/` folder. */
const isTestFile = (file: string) => /\.test\.tsx?$|(?:^|[\\/])testing(?:\.ts$|[\\/])/.test(file)

/** The package name of a bare specifier: `viem/chains` -> `viem`, `@latch/core/x` -> `@latch/core`. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')
}

const importPattern =
  /(?:^|[^.\w])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

/** Lists every import specifier of a source file (static, re-export, side-effect and dynamic). */
export function listImports(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3]
    if (specifier) found.push(specifier)
  }
  return found
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(path)
  }
  return out
}

/** Checks every layer's sources against the layer order and returns what breaks it. */
export function checkLayers(root: string): LayerViolation[] {
  const violations: LayerViolation[] = []
  for (const [layer, allowed] of Object.entries(layers)) {
    const layerDir = resolve(root, layer)
    if (!existsSync(layerDir)) continue
    for (const file of sourceFiles(layerDir)) {
      const rel = relative(root, file)
      for (const specifier of listImports(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = resolve(file, '..', specifier)
          if (!target.startsWith(layerDir + sep))
            violations.push({ file: rel, specifier, reason: `reaches outside ${layer}` })
        } else if (specifier.startsWith('@latch/')) {
          const name = packageName(specifier)
          const may = (allowed as readonly string[]).includes(name)
          if (!may && !(isTestFile(rel) && testOnly.includes(name)))
            violations.push({ file: rel, specifier, reason: `${layer} may not import ${name}` })
          else if (
            name === serverOnly.name &&
            serverOnly.allowed[layer] &&
            !serverOnly.allowed[layer].some((path) => rel.split(sep).join('/').startsWith(path))
          )
            violations.push({
              file: rel,
              specifier,
              reason: `the browser bundle may not import ${name} (settings stay on the server)`,
            })
        } else if (
          zodOnly.includes(layer) &&
          !specifier.startsWith('node:') &&
          !['zod', 'vitest'].includes(packageName(specifier))
        ) {
          violations.push({ file: rel, specifier, reason: `${layer} may depend on zod only` })
        } else if (layer === 'packages/core' || layer === 'packages/api-contract') {
          const name = packageName(specifier)
          if (forbiddenInCore.includes(name))
            violations.push({ file: rel, specifier, reason: `${layer} must stay framework-free` })
        }
      }
    }
  }
  return [...violations, ...checkFolderLayers(root)]
}

/** Checks the folders of `folderLayers`: no import of a folder above, no query in a route. */
export function checkFolderLayers(root: string): LayerViolation[] {
  const violations: LayerViolation[] = []
  for (const { root: base, order, noQueries, schemaDir } of folderLayers) {
    const baseDir = resolve(root, base)
    const folderOf = (path: string) => {
      const [first] = relative(baseDir, path).split(sep)
      return (order as readonly string[]).indexOf(first ?? '')
    }
    for (const [index, folder] of order.entries()) {
      const dir = join(baseDir, folder)
      if (!existsSync(dir)) continue
      for (const file of sourceFiles(dir)) {
        const rel = relative(root, file)
        for (const specifier of listImports(readFileSync(file, 'utf8'))) {
          const target = specifier.startsWith('.') ? resolve(file, '..', specifier) : undefined
          const targetIndex = target ? folderOf(target) : -1
          if (targetIndex !== -1 && targetIndex < index)
            violations.push({
              file: rel,
              specifier,
              reason: `${base}/${folder} may not import ${base}/${order[targetIndex]}`,
            })
          const queries = target
            ? target.startsWith(join(baseDir, schemaDir) + sep)
            : packageName(specifier) === 'drizzle-orm'
          if (queries && (noQueries as readonly string[]).includes(folder) && !isTestFile(rel))
            violations.push({
              file: rel,
              specifier,
              reason: `${base}/${folder} may not query the database (move the query to a service or a store)`,
            })
        }
      }
    }
  }
  return violations
}

/** The folders whose relative imports `findImportCycles` follows. */
const cycleRoots = [...Object.keys(layers), 'e2e', 'scripts', 'bench']

/**
 * Finds import circles among the repository's source files (relative imports, type-only ones
 * too: a circle of types still ties two files together). Returns each circle once, as the
 * files in import order starting from the first one reached, paths relative to `root`.
 */
export function findImportCycles(root: string): string[][] {
  const files = new Set(
    cycleRoots.flatMap((dir) => {
      const path = resolve(root, dir)
      return existsSync(path) ? sourceFiles(path) : []
    }),
  )
  const edges = (file: string) =>
    listImports(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(file, '..', specifier))
      .filter((target) => files.has(target))
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const cycles: string[][] = []
  // Depth-first; an edge back to a file still open on the path closes a circle.
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const target of edges(file)) {
      const seen = state.get(target)
      if (seen === 'open')
        cycles.push(path.slice(path.indexOf(target)).map((cycleFile) => relative(root, cycleFile)))
      else if (seen === undefined) visit(target)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...files].sort()) if (!state.has(file)) visit(file)
  return cycles
}
