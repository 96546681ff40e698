import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

/**
 * The layer order, bottom first: a layer may import only the layers listed for it.
 * api-contract holds zod schemas only; core is framework-free; react adapts core; apps compose.
 */
export const layers = {
  'packages/api-contract': [],
  'packages/core': ['@latch/api-contract'],
  'packages/react': ['@latch/api-contract', '@latch/core'],
  'apps/web': ['@latch/api-contract', '@latch/core', '@latch/react'],
  'apps/api': ['@latch/api-contract', '@latch/core'],
  'apps/devnet': ['@latch/api-contract'],
} as const satisfies Record<string, readonly string[]>

/** Packages a framework-free layer must never import. */
const forbiddenInCore = ['react', 'react-dom', '@tanstack/react-query']

export type LayerViolation = { file: string; specifier: string; reason: string }

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
          const name = specifier.split('/').slice(0, 2).join('/')
          if (!(allowed as readonly string[]).includes(name))
            violations.push({ file: rel, specifier, reason: `${layer} may not import ${name}` })
        } else if (layer === 'packages/core' || layer === 'packages/api-contract') {
          const name = specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0]
          if (name && forbiddenInCore.includes(name))
            violations.push({ file: rel, specifier, reason: `${layer} must stay framework-free` })
        }
      }
    }
  }
  return violations
}
