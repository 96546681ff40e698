import { loadConfig } from '@latch/config'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compileModalEagerly } from './src/build/compileModalEagerly.ts'
import { preloadConnectModal } from './src/build/preloadConnectModal.ts'
import { renderConfigScript } from './src/server/createWebApp.ts'
import { loadWebConfig } from './src/server/loadWebConfig.ts'

/** In `vite dev`, serves /latch-config.js the way the production server does. */
function latchConfigScript(): Plugin {
  return {
    name: 'latch-config-script',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/latch-config.js', (_request, response) => {
        try {
          // The settings as the production server reads them: the environment over .env.
          const config = loadWebConfig({ config: loadConfig() })
          response.setHeader('content-type', 'text/javascript; charset=utf-8')
          response.setHeader('cache-control', 'no-store')
          response.end(renderConfigScript(config))
        } catch (error) {
          response.setHeader('content-type', 'text/javascript; charset=utf-8')
          response.end(`console.error(${JSON.stringify(String((error as Error).message))});\n`)
        }
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), latchConfigScript(), preloadConnectModal(), compileModalEagerly()],
  build: {
    target: 'es2022',
    // Every browser Latch supports has modulepreload; skip the polyfill.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      // Needed by experimentalInlineCommonChunks; the app has no library entry to preserve.
      preserveEntrySignatures: false,
      output: {
        // Everything the page needs at start in one chunk: without this group, modules the
        // page shares with its lazy chunks (connect modal, account panel) are split into
        // several common chunks that the page loads anyway, compressing worse.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          // The lazy chunks' small common chunks (TanStack Query, the wallet registry's fetch,
          // the connect actions...) copied into the chunks that import them: the connect modal
          // the page prefetches is then a few files instead of ~30, ~6 KB gzip less.
          // The later views' English strings (i18n/enLater.ts) stay one chunk of their own:
          // copied into each view's chunk, a person would download them once per view.
          experimentalInlineCommonChunks: {
            maxSize: 60_000,
            exclude: /\/i18n\/(enLater|laterMessages)\.ts$/,
          },
        },
      },
    },
  },
})
