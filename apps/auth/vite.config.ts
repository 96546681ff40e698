import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/**
 * The frame's own small bundle (`frame.html` -> `dist/frame.html` + hashed assets): plain DOM,
 * no inline script (the auth site's CSP allows only its own files). The server adds the
 * config block to the built page per project.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      input: { frame: resolve(import.meta.dirname, 'frame.html') },
      // One file for everything the frame runs at start (viem's lazily imported curve too,
      // which it also imports statically), instead of a second chunk and request.
      output: { codeSplitting: { groups: [{ name: 'frame', tags: ['$initial'] }] } },
    },
  },
})
