import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Address, concat, getContractAddress, type Hex, pad } from 'viem'

/** The deterministic deployment proxy anvil has predeployed (CREATE2 at a known address). */
const create2Proxy: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
const salt = pad('0x', { size: 32 })

/**
 * Deploys eth-infinitism's Simple7702Account (v0.8 artifact) through the deterministic
 * deployment proxy, so it lands at the same address on every chain; does nothing when it is
 * there already. For tests on a bare anvil (the devnet deploys its own). Answers its address.
 */
export async function deploySimple7702Account(parameters: {
  /** An anvil whose account `from` is unlocked (anvil's dev accounts are). */
  rpc(method: string, params?: unknown[]): Promise<unknown>
  from: Address
}): Promise<Address> {
  const require = createRequire(import.meta.url)
  const artifact = JSON.parse(
    readFileSync(
      require.resolve('@account-abstraction/contracts-v08/artifacts/Simple7702Account.json'),
      'utf8',
    ),
  ) as { bytecode: Hex }
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: create2Proxy,
    salt,
    bytecode: artifact.bytecode,
  })
  const code = (await parameters.rpc('eth_getCode', [address, 'latest'])) as Hex
  if (code !== '0x') return address
  const hash = (await parameters.rpc('eth_sendTransaction', [
    { from: parameters.from, to: create2Proxy, data: concat([salt, artifact.bytecode]) },
  ])) as Hex
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const receipt = (await parameters.rpc('eth_getTransactionReceipt', [hash])) as {
      status: Hex
    } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error('Deploying Simple7702Account reverted.')
      return address
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('Deploying Simple7702Account: no receipt within 10 s.')
}
