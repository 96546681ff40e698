import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Artifact } from '../artifacts.ts'

const require = createRequire(import.meta.url)

/** A contract from `@account-abstraction/contracts` 0.7.0 (EntryPoint v0.7 and its samples). */
export function readAccountAbstractionArtifact(
  name: 'EntryPoint' | 'SimpleAccount' | 'SimpleAccountFactory' | 'VerifyingPaymaster',
): Artifact {
  return readHardhatArtifact(`@account-abstraction/contracts/artifacts/${name}.json`)
}

/** eth-infinitism's EIP-7702 delegate, from `@account-abstraction/contracts` 0.8.0. */
export function readSimple7702AccountArtifact(): Artifact {
  return readHardhatArtifact('@account-abstraction/contracts-v08/artifacts/Simple7702Account.json')
}

function readHardhatArtifact(specifier: string): Artifact {
  const artifact = JSON.parse(readFileSync(require.resolve(specifier), 'utf8'))
  return {
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    deployedBytecode: artifact.deployedBytecode,
  }
}
