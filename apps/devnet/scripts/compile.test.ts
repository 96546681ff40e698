import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { type ContractArtifact, compileContracts } from './compileContracts.ts'

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts')

test('committed artifacts match the contract sources (run `npm run compile -w @latch/devnet`)', () => {
  for (const compiled of compileContracts()) {
    const committed = JSON.parse(
      readFileSync(path.join(artifactsDir, `${compiled.contractName}.json`), 'utf8'),
    ) as ContractArtifact
    expect(committed.abi, compiled.contractName).toEqual(compiled.abi)
    expect(committed.bytecode, compiled.contractName).toBe(compiled.bytecode)
    expect(committed.deployedBytecode, compiled.contractName).toBe(compiled.deployedBytecode)
  }
})
