import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

/** A compiled contract as kept in `apps/devnet/artifacts/<contractName>.json`. */
export type ContractArtifact = {
  contractName: string
  sourceName: string
  compiler: string
  abi: unknown[]
  bytecode: `0x${string}`
  deployedBytecode: `0x${string}`
}

export type CompileContractsParameters = {
  /** Folder holding the `.sol` sources; defaults to `apps/devnet/contracts`. */
  contractsDir?: string
}

const devnetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The compiler settings the committed artifacts were built with; changing them changes bytecode. */
export const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  // No CBOR metadata tail: the bytecode then depends on the code only, not on comments or paths.
  metadata: { appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

/**
 * Compiles every contract in `contracts/` with the bundled solcjs, resolving imports such as
 * `@openzeppelin/contracts/...` from node_modules, and returns one artifact per contract.
 */
export function compileContracts(parameters: CompileContractsParameters = {}): ContractArtifact[] {
  const contractsDir = parameters.contractsDir ?? path.join(devnetDir, 'contracts')
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort()
  const sources = Object.fromEntries(
    files.map((file) => [
      `contracts/${file}`,
      { content: readFileSync(path.join(contractsDir, file), 'utf8') },
    ]),
  )
  const input = { language: 'Solidity', sources, settings: compilerSettings }
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImport }),
  ) as SolcOutput

  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `Solidity compilation failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`,
    )
  }

  const artifacts: ContractArtifact[] = []
  for (const sourceName of Object.keys(sources)) {
    for (const [contractName, contract] of Object.entries(output.contracts?.[sourceName] ?? {})) {
      artifacts.push({
        contractName,
        sourceName,
        compiler: `solc-${solc.version()}`,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      })
    }
  }
  return artifacts
}

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: unknown[]
        evm: { bytecode: { object: string }; deployedBytecode: { object: string } }
      }
    >
  >
}

/** solc's import callback: packages resolve from the nearest node_modules, walking up. */
function findImport(importPath: string): { contents: string } | { error: string } {
  let dir = devnetDir
  while (true) {
    const candidate = path.join(dir, 'node_modules', importPath)
    if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') }
    const parent = path.dirname(dir)
    if (parent === dir) return { error: `File "${importPath}" not found in node_modules.` }
    dir = parent
  }
}
