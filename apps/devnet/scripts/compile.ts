import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileContracts } from './compileContracts.ts'

// Rebuilds apps/devnet/artifacts from apps/devnet/contracts. The artifacts are committed so that
// `npm start` never waits for the compiler; run `npm run compile -w @latch/devnet` after editing.
const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts')
const started = performance.now()
const artifacts = compileContracts()

mkdirSync(artifactsDir, { recursive: true })
for (const file of readdirSync(artifactsDir)) {
  if (file.endsWith('.json')) rmSync(path.join(artifactsDir, file))
}
for (const artifact of artifacts) {
  writeFileSync(
    path.join(artifactsDir, `${artifact.contractName}.json`),
    `${JSON.stringify(artifact, null, 2)}\n`,
  )
}
console.log(
  `Compiled ${artifacts.map((artifact) => artifact.contractName).join(', ')} in ${Math.round(performance.now() - started)} ms.`,
)
