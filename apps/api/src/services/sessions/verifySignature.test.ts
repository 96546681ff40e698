import { findFreePort } from '@latch/test'
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hashMessage,
  parseAbi,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createChainClients } from '../../createChainClients.ts'
import { createTestChain, type TestChain } from '../../indexer/testing/createTestChain.ts'
import { maxSignatureBytes, verifySignature } from './verifySignature.ts'

// anvil's well-known dev keys (public, test funds only).
const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const bob = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const message = 'Sign in to Latch.'

describe('offline first', () => {
  // A chain whose RPC is dead: any check that asks it is a 502.
  let dead: ReturnType<typeof createChainClients>
  beforeAll(async () => {
    const port = await findFreePort()
    dead = createChainClients(
      [
        {
          id: 31337,
          name: 'Dead',
          rpcUrl: `http://127.0.0.1:${port}`,
          publicRpcUrl: `http://127.0.0.1:${port}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          nativePriceUsd: 0,
          testnet: true,
          tokens: [],
        },
      ],
      { timeout: 500, retryCount: 0 },
    )
  })

  test("an EOA's signature is recovered without asking the chain", async () => {
    const signature = await alice.signMessage({ message })
    const verify = (address: Address) =>
      verifySignature({ clients: dead }, { chainId: 31337, address, message, signature })
    await expect(verify(alice.address)).resolves.toBe('eoa')
    // Anything else must ask the chain (is there code?): here a 502, never a wrong answer.
    await expect(verify(bob.address)).rejects.toThrow(
      'The RPC for chain eip155:31337 did not answer.',
    )
  })

  test('signatures over the cap are refused before any work', async () => {
    const signature: Hex = `0x${'ab'.repeat(maxSignatureBytes + 1)}`
    await expect(
      verifySignature(
        { clients: dead },
        { chainId: 31337, address: alice.address, message, signature },
      ),
    ).rejects.toThrow('The signature is longer than 4096 bytes.')
  })
})

describe('on chain', () => {
  let chain: TestChain
  beforeAll(async () => {
    chain = await createTestChain()
  })
  afterAll(async () => {
    await chain?.stop()
  })

  test("a contract account's check burns at most the gas cap", async () => {
    // Approves every signature (ERC-1271's magic value), after a loop of ~5.2M gas.
    const slow: Address = '0x000000000000000000000000000000000000b001'
    await chain.testClient.setCode({
      address: slow,
      bytecode: '0x62030d405b600190038060045750631626ba7e60e01b60005260206000f3',
    })
    const client = chain.clients.get(chain.chainId)
    const signature: Hex = `0x${'ab'.repeat(65)}`
    // Given the node's own (30M) budget it approves...
    const uncapped = await client?.call({
      to: slow,
      data: encodeFunctionData({
        abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hashMessage(message), signature],
      }),
    })
    expect(uncapped?.data?.slice(0, 10)).toBe('0x1626ba7e')
    // ...but the check stops at the cap: a refusal, and the node spent no more.
    await expect(
      verifySignature(
        { clients: chain.clients },
        { chainId: chain.chainId, address: slow, message, signature },
      ),
    ).resolves.toBe(false)
  })

  test('an ERC-6492 signature is simulated, its factory call capped too', async () => {
    // A "factory" that loops: the deployment in the simulation runs out of gas.
    const factory: Address = '0x000000000000000000000000000000000000b002'
    await chain.testClient.setCode({ address: factory, bytecode: '0x5b600056' })
    const signature = serializeErc6492Signature({
      address: factory,
      data: '0x1234',
      signature: await bob.signMessage({ message }),
    })
    await expect(
      verifySignature(
        { clients: chain.clients },
        {
          chainId: chain.chainId,
          address: '0x000000000000000000000000000000000000b003',
          message,
          signature,
        },
      ),
    ).resolves.toBe(false)
  })
})
