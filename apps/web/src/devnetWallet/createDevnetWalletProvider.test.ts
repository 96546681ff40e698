import type { LatchNetwork } from '@latch/core'
import {
  anvilAccounts,
  deploySimple7702Account,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from '@latch/test'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetWalletProvider,
  type DevnetWalletRequest,
} from './createDevnetWalletProvider.ts'

// anvil's first test account sends, to the second.
const [{ privateKey, address }, { address: recipient }] = anvilAccounts as [
  (typeof anvilAccounts)[number],
  (typeof anvilAccounts)[number],
]

let anvil: StartTestAnvilReturnType
let rpcUrl: string

beforeAll(async () => {
  anvil = await startTestAnvil({ chainId: 31337 })
  rpcUrl = anvil.rpcUrl
})

afterAll(async () => {
  await anvil?.stop()
})

function networks(): LatchNetwork[] {
  const base = { rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
  return [
    { ...base, id: 31337, name: 'Latch Devnet', caipNetworkId: 'eip155:31337' },
    { ...base, id: 31339, name: 'Latch Devnet Alpha', caipNetworkId: 'eip155:31339' },
  ]
}

function setup(answers: boolean[] = []) {
  const asked: DevnetWalletRequest[] = []
  /** The events the provider emitted, in order: [event, ...args]. */
  const emitted: unknown[][] = []
  const provider = createDevnetWalletProvider({
    privateKey,
    networks: networks(),
    origin: 'app.test',
    confirm: async (request) => {
      asked.push(request)
      return answers.shift() ?? true
    },
    emit: (event, ...args) => emitted.push([event, ...args]),
  })
  return { provider, asked, emitted }
}

describe('the Devnet Wallet provider', () => {
  it('asks once to connect, and a rejection is EIP-1193 4001', async () => {
    const { provider, asked } = setup([false, true])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
    expect(asked.map((r) => r.kind)).toEqual(['connect', 'connect'])
    expect(asked[0]).toMatchObject({ origin: 'app.test', address })
  })

  it('refuses to sign before the person connected', async () => {
    const { provider } = setup()
    await expect(
      provider.request({ method: 'personal_sign', params: [toHex('hi'), address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('switches among devnet chains only, emitting chainChanged', async () => {
    const { provider, emitted } = setup()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6b' }],
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(emitted).toEqual([['chainChanged', '0x7a6b']])
  })

  it('signs messages and typed data after confirmation', async () => {
    const { provider, asked } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [toHex('Hello Latch'), address],
    })) as `0x${string}`
    expect(await verifyMessage({ address, message: 'Hello Latch', signature })).toBe(true)
    expect(asked.at(-1)).toMatchObject({ kind: 'signMessage', message: 'Hello Latch' })

    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'gm' },
    } as const
    const typedSignature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address, signature: typedSignature })).toBe(
      true,
    )
  })

  it('sends a transaction on the devnet and reads through the RPC', async () => {
    const { provider, asked } = setup([true, false, true])
    await provider.request({ method: 'eth_requestAccounts' })
    const tx = { from: address, to: recipient, value: toHex(parseEther('1.5')) }
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [tx] }),
    ).rejects.toMatchObject({ code: 4001 })
    const hash = await provider.request({ method: 'eth_sendTransaction', params: [tx] })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(asked.at(-1)).toMatchObject({ kind: 'sendTransaction', value: parseEther('1.5') })
    const client = createPublicClient({ transport: http(rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({
      hash: hash as `0x${string}`,
      pollingInterval: 50,
    })
    expect(receipt.status).toBe('success')
    expect(
      BigInt(
        (await provider.request({
          method: 'eth_getBalance',
          params: [recipient, 'latest'],
        })) as string,
      ),
    ).toBeGreaterThanOrEqual(parseEther('1.5'))
  })

  it('refuses node-control methods with 4200 before they reach the chain', async () => {
    const { provider, asked } = setup()
    await provider.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(rpcUrl) })
    const [balanceBefore, blockBefore] = await Promise.all([
      client.getBalance({ address: recipient }),
      client.getBlockNumber({ cacheTime: 0 }),
    ])
    const attempts: [string, unknown[]][] = [
      ['anvil_setBalance', [recipient, '0xffffffffffffffffffff']],
      ['anvil_mine', ['0x10']],
      ['evm_mine', []],
      ['evm_increaseTime', ['0x1000']],
      ['hardhat_setBalance', [recipient, '0xffffffffffffffffffff']],
      ['anvil_impersonateAccount', [recipient]],
      ['debug_traceTransaction', ['0x00']],
      ['eth_sendUnsignedTransaction', [{ from: recipient, to: address, value: '0x1' }]],
      ['personal_unlockAccount', [recipient, '']],
      ['anvil_setBalance\u0000', []],
    ]
    const codes = []
    for (const [method, params] of attempts)
      codes.push(
        await provider.request({ method, params }).then(
          () => 'answered',
          (error: { code: number }) => error.code,
        ),
      )
    expect(codes).toEqual(Array(attempts.length).fill(4200))
    await expect(
      provider.request({ method: 'evm_snapshot', params: [] }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DevnetWalletRpcError: The Devnet Wallet does not support "evm_snapshot".]`,
    )
    // Nothing reached anvil, nothing was asked, and reads still pass.
    expect(asked.map((request) => request.kind)).toEqual(['connect'])
    expect(await client.getBalance({ address: recipient })).toBe(balanceBefore)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(blockBefore)
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe(toHex(blockBefore))
  })

  it('refuses signing methods it does not implement', async () => {
    const { provider } = setup()
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
    })
  })

  it('sends an EIP-5792 batch as ONE EIP-7702 transaction after one confirmation listing the calls', async () => {
    const delegate = await deploySimple7702Account({ rpc: anvil.rpc, from: address })
    const batcher = anvilAccounts[5] as (typeof anvilAccounts)[number]
    const asked: DevnetWalletRequest[] = []
    const answers = [true, true, false]
    const provider = createDevnetWalletProvider({
      privateKey: batcher.privateKey,
      networks: [
        { ...(networks()[0] as LatchNetwork), simple7702Account: delegate, tokens: [] },
        networks()[1] as LatchNetwork,
      ],
      confirm: async (request) => {
        asked.push(request)
        return answers.shift() ?? true
      },
      emit: () => {},
    })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [batcher.address] }),
    ).rejects.toMatchObject({ code: 4100 })
    await provider.request({ method: 'eth_requestAccounts' })
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [batcher.address] }),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } },
      '0x7a6b': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    })
    const client = createPublicClient({ transport: http(rpcUrl) })
    const before = await client.getBalance({ address: recipient })
    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: batcher.address,
          chainId: '0x7a69',
          atomicRequired: true,
          calls: [
            { to: recipient, value: '0x10' },
            { to: recipient, value: '0x20', data: '0x' },
          ],
        },
      ],
    })) as { id: string }
    expect(asked.map((request) => request.kind)).toEqual(['connect', 'sendCalls'])
    expect(asked[1]).toMatchObject({
      kind: 'sendCalls',
      chainName: 'Latch Devnet',
      calls: [
        { to: recipient, value: 16n },
        { to: recipient, value: 32n },
      ],
    })
    const status = (await settledStatus(provider, id)) as {
      status: number
      atomic: boolean
      receipts: { transactionHash: `0x${string}` }[]
    }
    expect(status).toMatchObject({ version: '2.0.0', id, status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const tx = await client.getTransaction({
      hash: status.receipts[0]?.transactionHash as `0x${string}`,
    })
    expect(tx.type).toBe('eip7702')
    expect(await client.getBalance({ address: recipient })).toBe(before + 48n)

    // Declined: 4001, nothing sent.
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: recipient, value: '0x1' }] }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await client.getBalance({ address: recipient })).toBe(before + 48n)
    // No delegate on the other chain: an atomic batch is refused before asking.
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x7a6b', atomicRequired: true, calls: [{ to: recipient }] },
        ],
      }),
    ).rejects.toMatchObject({ code: 5760 })

    await provider.request({ method: 'wallet_showCallsStatus', params: [id] })
    expect(asked.at(-1)).toMatchObject({ kind: 'callsStatus', status: 'Confirmed' })
    const assets = (await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: batcher.address, chainFilter: ['0x7a69'] }],
    })) as Record<string, { type: string; balance: string }[]>
    expect(assets['0x7a69']).toEqual([
      expect.objectContaining({
        type: 'native',
        balance: toHex(await client.getBalance({ address: batcher.address })),
      }),
    ])
  })
})

/** Reads a batch's status until it is no longer pending (100): a receipt may come a moment late. */
async function settledStatus(
  wallet: { request(args: { method: string; params?: unknown }): Promise<unknown> },
  id: string,
): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    const status = (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status: number
    }
    if (status.status !== 100 || attempt === 50) return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
