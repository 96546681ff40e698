import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** What the deployer needs from a compiled contract. */
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts')
const require = createRequire(import.meta.url)

/** Reads one of the committed artifacts built from `apps/devnet/contracts` by `npm run compile`. */
export function readLatchArtifact(
  name: 'IdRegistry' | 'LatchCollection' | 'LatchToken' | 'Multicall3' | 'WrappedEther',
): Artifact {
  const artifact = JSON.parse(readFileSync(path.join(artifactsDir, `${name}.json`), 'utf8'))
  return {
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    deployedBytecode: artifact.deployedBytecode,
  }
}

/** Reads a Uniswap V2 contract from the build folders its npm packages ship, unpatched. */
export function readUniswapArtifact(
  name: 'UniswapV2Factory' | 'UniswapV2Pair' | 'UniswapV2Router02',
): Artifact {
  const packageName = name === 'UniswapV2Router02' ? '@uniswap/v2-periphery' : '@uniswap/v2-core'
  const artifact = JSON.parse(
    readFileSync(require.resolve(`${packageName}/build/${name}.json`), 'utf8'),
  )
  return {
    abi: artifact.abi,
    bytecode: `0x${artifact.evm.bytecode.object}`,
    deployedBytecode: `0x${artifact.evm.deployedBytecode.object}`,
  }
}
