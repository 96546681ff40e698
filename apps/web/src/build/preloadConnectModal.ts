import type { HtmlTagDescriptor, Plugin } from 'vite'

/** The module whose chunk is the connect modal (`loadConnectModal`'s dynamic import). */
export const connectModalModule = /\/connect\/ConnectModalContainer\.tsx$/

/** What `connectModalPreloadTags` reads of a chunk in the build's bundle. */
export type BundleChunk = {
  type: 'chunk' | 'asset'
  fileName: string
  isEntry?: boolean
  facadeModuleId?: string | null
  imports?: readonly string[]
}

/**
 * The `<link rel="modulepreload">` tags for the connect modal's chunk and the chunks it imports
 * statically that the page's entry does not load already: the browser fetches and compiles them
 * beside the page's own script, so a click right after `load` finds the modal ready instead of
 * starting its download. The same bytes the page prefetched while idle before, only earlier.
 */
export function connectModalPreloadTags(
  bundle: Record<string, BundleChunk>,
  base = '/',
): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
  const modal = chunks.filter((chunk) => connectModalModule.test(chunk.facadeModuleId ?? ''))
  if (modal.length !== 1)
    throw new Error(
      `Expected one chunk for the connect modal (ConnectModalContainer.tsx), found ${modal.length}.`,
    )
  const closure = (roots: readonly BundleChunk[]) => {
    const seen = new Set<string>()
    const queue = [...roots]
    while (queue.length > 0) {
      const chunk = queue.shift() as BundleChunk
      if (seen.has(chunk.fileName)) continue
      seen.add(chunk.fileName)
      for (const name of chunk.imports ?? []) {
        const imported = bundle[name]
        if (imported?.type === 'chunk') queue.push(imported)
      }
    }
    return seen
  }
  const loaded = closure(chunks.filter((chunk) => chunk.isEntry))
  return [...closure(modal)]
    .filter((fileName) => !loaded.has(fileName))
    .map((fileName) => ({
      tag: 'link',
      // crossorigin as on the page's module script: the preload is then the import's fetch.
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
      injectTo: 'head',
    }))
}

/** In `vite build`, preloads the connect modal's chunks from `index.html`. */
export function preloadConnectModal(): Plugin {
  let base = '/'
  return {
    name: 'latch-preload-connect-modal',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        context.bundle
          ? connectModalPreloadTags(context.bundle as Record<string, BundleChunk>, base)
          : [],
    },
  }
}
