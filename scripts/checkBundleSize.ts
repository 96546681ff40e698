import { resolve } from 'node:path'
import { measureInitialJs } from './measureInitialJs.ts'

/**
 * `npm test`'s size check: the web app's JS on the critical path before a click (the built
 * page's module scripts and their static imports) must stay within the budget. Bytes, not
 * time; `npm run bench` measures the rest (idle prefetch, the modal, click to dialog).
 */
export const criticalJsBudgetGzip = 92 * 1024

const distDir = resolve(import.meta.dirname, '../apps/web/dist')
const initial = measureInitialJs(distDir)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
for (const file of initial.files)
  console.log(
    `  ${file.path.padEnd(44)} ${kb(file.raw).padStart(9)} raw ${kb(file.gzip).padStart(8)} gzip`,
  )
console.log(
  `JS before a click, critical path: ${kb(initial.gzip)} gzip (budget ${kb(criticalJsBudgetGzip)})`,
)
if (initial.gzip > criticalJsBudgetGzip) {
  console.error(
    `The page's critical-path JS grew past its budget by ${kb(initial.gzip - criticalJsBudgetGzip)}: load the new code on demand (a dynamic import), or raise the budget with the reason.`,
  )
  process.exit(1)
}
