import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Abi, type Address, encodeFunctionData, getAddress, type Hex, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestChain, type TestChain } from '../../indexer/testing/createTestChain.ts'
import type { ApiNetwork } from '../../network.ts'
import { verifySignature } from '../sessions/verifySignature.ts'

// anvil's well-known dev keys (public, test funds only): the owner and a stranger.
const owner = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const stranger = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const message = 'Sign in to Latch.'

const require = createRequire(import.meta.url)
/** An unpatched artifact of `@account-abstraction/contracts` 0.7.0. */
function artifact(name: string): { abi: Abi; bytecode: Hex } {
  const file = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`)
  const { abi, bytecode } = JSON.parse(readFileSync(file, 'utf8'))
  return { abi, bytecode }
}
const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

let chain: TestChain
let factory: Address
let networks: ApiNetwork[]
/** The owner's SimpleAccounts: index 1 deployed, index 0 not (yet). */
let deployed: Address
let counterfactual: Address
/** A VerifyingPaymaster: a contract whose `owner()` is the owner, but no SimpleAccount. */
let ownedContract: Address

async function deploy(name: string, args: readonly unknown[]): Promise<Address> {
  const { abi, bytecode } = artifact(name)
  const hash = await chain.walletClient.deployContract({
    abi,
    bytecode,
    args,
    account: owner.address,
    chain: chain.walletClient.chain,
  })
  const receipt = await chain.wait(hash)
  if (!receipt.contractAddress) throw new Error(`Deploying ${name} created no contract.`)
  return getAddress(receipt.contractAddress)
}

beforeAll(async () => {
  chain = await createTestChain()
  const entryPoint = await deploy('EntryPoint', [])
  factory = await deploy('SimpleAccountFactory', [entryPoint])
  ownedContract = await deploy('VerifyingPaymaster', [entryPoint, owner.address])
  const addressOf = (index: bigint) =>
    chain.publicClient.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner.address, index],
    })
  counterfactual = await addressOf(0n)
  deployed = await addressOf(1n)
  await chain.send({
    from: owner.address,
    to: factory,
    data: encodeFunctionData({
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, 1n],
    }),
  })
  networks = [
    {
      ...chain.network,
      accountAbstraction: {
        entryPoint,
        simpleAccountFactory: factory,
        bundlers: [{ name: 'alto', url: 'http://127.0.0.1:9/' }],
      },
    },
  ]
})
afterAll(async () => {
  await chain?.stop()
})

const verify = (address: Address, signature: Hex, withNetworks = true) =>
  verifySignature(
    { clients: chain.clients, ...(withNetworks ? { networks } : {}) },
    { chainId: chain.chainId, address, message, signature },
  )

test("a deployed SimpleAccount v0.7 (no ERC-1271) signs through its owner's key", async () => {
  expect(await chain.publicClient.getCode({ address: deployed })).toMatch(/^0x.{10,}/)
  const signature = await owner.signMessage({ message })
  await expect(verify(deployed, signature)).resolves.toBe('contract')
  // Without the network's factory it could not be told from any contract: refused.
  await expect(verify(deployed, signature, false)).resolves.toBe(false)
})

test("an undeployed SimpleAccount (factory.getAddress(owner, 0)) signs through its owner's key", async () => {
  expect(await chain.publicClient.getCode({ address: counterfactual })).toBeUndefined()
  const signature = await owner.signMessage({ message })
  await expect(verify(counterfactual, signature)).resolves.toBe('contract')
  await expect(verify(counterfactual, signature, false)).resolves.toBe(false)
})

test("a stranger's signature is refused for both accounts", async () => {
  const signature = await stranger.signMessage({ message })
  await expect(verify(deployed, signature)).resolves.toBe(false)
  await expect(verify(counterfactual, signature)).resolves.toBe(false)
  // The owner's signature of another message is no better.
  const other = await owner.signMessage({ message: 'Something else.' })
  await expect(verify(deployed, other)).resolves.toBe(false)
})

test('a contract with an owner() that is not a SimpleAccount of the factory is refused', async () => {
  const ownerOf = await chain.publicClient.readContract({
    address: ownedContract,
    abi: parseAbi(['function owner() view returns (address)']),
    functionName: 'owner',
  })
  expect(ownerOf).toBe(owner.address)
  await expect(verify(ownedContract, await owner.signMessage({ message }))).resolves.toBe(false)
})
