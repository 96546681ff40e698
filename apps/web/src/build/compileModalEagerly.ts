import type { Plugin } from 'vite'
import { connectModalModule } from './preloadConnectModal.ts'

/**
 * V8's explicit compile hint: a script that starts with this comment is compiled whole when it
 * loads, instead of function by function at each function's first call (Chromium 136 and
 * later; other engines ignore it, as a comment).
 */
export const compileHint = '//# allFunctionsCalledOnLoad\n'

/**
 * `code` with the compile hint as its first line, and its source map's `mappings` moved down
 * by that line. V8 reads the hint only at the very start of a script: after the build's own
 * first line (Vite's `__vite__mapDeps`) it does nothing.
 */
export function prependCompileHint(
  code: string,
  mappings?: string,
): { code: string; mappings?: string } {
  if (code.startsWith(compileHint)) return { code, ...(mappings !== undefined && { mappings }) }
  return {
    code: `${compileHint}${code}`,
    ...(mappings !== undefined && { mappings: `;${mappings}` }),
  }
}

/**
 * In `vite build`, starts the connect modal's chunk with the compile hint. The page preloads
 * that chunk (`preloadConnectModal`) but calls its functions only on the click on "Connect
 * Wallet": compiled lazily, a click right after load paid for compiling them before the dialog's
 * first frame. The page's own chunk stays lazily compiled: compiled whole, it delayed the page's
 * load by ~35 ms on this machine.
 */
export function compileModalEagerly(): Plugin {
  return {
    name: 'latch-compile-modal-eagerly',
    apply: 'build',
    // After Vite's own `generateBundle`, which puts `__vite__mapDeps` on the chunk's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !connectModalModule.test(chunk.facadeModuleId ?? ''))
            continue
          const mapAsset = bundle[`${chunk.fileName}.map`]
          const map =
            mapAsset?.type === 'asset' && typeof mapAsset.source === 'string'
              ? (JSON.parse(mapAsset.source) as { mappings: string })
              : undefined
          const hinted = prependCompileHint(chunk.code, map?.mappings)
          if (hinted.code === chunk.code) continue
          chunk.code = hinted.code
          if (map && mapAsset?.type === 'asset' && hinted.mappings !== undefined) {
            map.mappings = hinted.mappings
            mapAsset.source = JSON.stringify(map)
          }
          // The chunk's own map object, moved down by the same line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
        }
      },
    },
  }
}
