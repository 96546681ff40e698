import { anvilAccounts } from '@latch/devnet'
import {
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  recoverTypedDataAddress,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWallet } from './createTestWallet.ts'
import { deploySimple7702Account } from './deploySimple7702Account.ts'
import { type StartTestAnvilReturnType, startTestAnvil } from './startTestAnvil.ts'

let anvil: StartTestAnvilReturnType
let other: StartTestAnvilReturnType
beforeAll(async () => {
  ;[anvil, other] = await Promise.all([
    startTestAnvil({ chainId: 31337 }),
    startTestAnvil({ chainId: 31338 }),
  ])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), other?.stop()])
})

const account = anvilAccounts[3] as (typeof anvilAccounts)[number]
const wallet = (events: unknown[] = []) =>
  createTestWallet({
    chains: [
      { id: 31337, rpcUrl: anvil.rpcUrl },
      { id: 31338, rpcUrl: other.rpcUrl },
    ],
    privateKey: account.privateKey,
    onEvent: (event, payload) => events.push([event, payload]),
  })

describe('the EIP-1193 test wallet', () => {
  it('connects on approval, and answers as EIP-1193 errors otherwise', async () => {
    const w = wallet()
    expect(await w.request({ method: 'eth_accounts' })).toEqual([])
    w.queue('eth_requestAccounts', 'reject')
    await expect(w.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    w.queue('*', 'fail')
    await expect(w.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: -32603,
      message: 'The wallet failed to handle eth_requestAccounts.',
    })
    expect(await w.request({ method: 'eth_requestAccounts' })).toEqual([account.address])
    expect(await w.request({ method: 'eth_accounts' })).toEqual([account.address])
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(w.log.map((entry) => `${entry.method}:${entry.outcome}`)).toEqual([
      'eth_accounts:result',
      'eth_requestAccounts:error',
      'eth_requestAccounts:error',
      'eth_requestAccounts:result',
      'eth_accounts:result',
      'eth_chainId:result',
    ])
  })

  it('holds a confirmable request until the test releases it', async () => {
    const w = wallet()
    const release = w.hold('personal_sign')
    let answered = false
    const signing = w
      .request({ method: 'personal_sign', params: ['0x68656c6c6f', account.address] })
      .then((signature) => {
        answered = true
        return signature
      })
    // Reads are not held, and go to the chain's node.
    expect(await w.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    expect(answered).toBe(false)
    release()
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: 'hello', signature })).toBe(
      true,
    )
  })

  it('signs typed data as its account', async () => {
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const signature = (await wallet().request({
      method: 'eth_signTypedData_v4',
      params: [account.address, JSON.stringify(typed)],
    })) as `0x${string}`
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address)
  })

  it('signs and sends a transaction itself, with the fees and nonce it was given', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const nonce = await client.getTransactionCount({ address: account.address })
    const hash = (await wallet().request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: account.address,
          to: anvilAccounts[4]?.address,
          value: '0x1000',
          nonce: `0x${nonce.toString(16)}`,
          maxFeePerGas: '0x77359400',
          maxPriorityFeePerGas: '0x3b9aca00',
        },
      ],
    })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const transaction = await client.getTransaction({ hash })
    expect(receipt.status).toBe('success')
    expect(transaction).toMatchObject({
      from: account.address.toLowerCase(),
      value: 0x1000n,
      nonce,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
  })

  it('switches between its chains (chainChanged), refuses others with 4902', async () => {
    const events: unknown[] = []
    const w = wallet(events)
    await expect(
      w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902, message: 'Unrecognized chain ID "0x1".' })
    expect(
      await w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).toBeNull()
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    // Reads now go to the other chain's node.
    expect(await w.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await w.request({ method: 'eth_getBalance', params: [account.address, 'latest'] })).toBe(
      `0x${parseEther('10000').toString(16)}`,
    )
  })

  it("passes a node's error on with its code", async () => {
    await expect(wallet().request({ method: 'eth_noSuchMethod' })).rejects.toMatchObject({
      code: -32601,
    })
  })
})

describe('the test wallet with EIP-5792 and EIP-7811', () => {
  it('sends a batch as ONE EIP-7702 transaction through Simple7702Account, reports it, lists assets', async () => {
    const delegate = await deploySimple7702Account({
      rpc: anvil.rpc,
      from: (anvilAccounts[0] as (typeof anvilAccounts)[number]).address,
    })
    const signer = anvilAccounts[2] as (typeof anvilAccounts)[number]
    const w = createTestWallet({
      chains: [
        { id: 31337, rpcUrl: anvil.rpcUrl, accountAbstraction: { simple7702Account: delegate } },
        { id: 31338, rpcUrl: other.rpcUrl },
      ],
      privateKey: signer.privateKey,
      eip5792: true,
    })
    expect(
      await w.request({
        method: 'wallet_getCapabilities',
        params: [w.address, ['0x7a69', '0x7a6a']],
      }),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } },
      '0x7a6a': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    })
    await expect(w.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toMatchObject(
      { code: -32602, message: 'wallet_getCapabilities requires an address parameter.' },
    )

    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const a = anvilAccounts[6]?.address as Hex
    const b = anvilAccounts[7]?.address as Hex
    const before = await Promise.all([a, b].map((address) => client.getBalance({ address })))
    const nonce = await client.getTransactionCount({ address: w.address })
    const { id } = (await w.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: w.address,
          chainId: '0x7a69',
          atomicRequired: true,
          calls: [
            { to: a, value: '0x1' },
            { to: b, value: '0x2' },
          ],
        },
      ],
    })) as { id: string }
    const status = (await settledStatus(w, id)) as {
      status: number
      atomic: boolean
      receipts: { transactionHash: Hex }[]
    }
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
    })
    // One transaction, type 4, from the account to itself, which now delegates.
    expect(status.receipts).toHaveLength(1)
    const tx = await client.getTransaction({ hash: status.receipts[0]?.transactionHash as Hex })
    expect(tx.type).toBe('eip7702')
    expect(tx.to?.toLowerCase()).toBe(w.address.toLowerCase())
    expect(await client.getTransactionCount({ address: w.address })).toBe(nonce + 2)
    expect(await client.getCode({ address: w.address })).toBe(
      `0xef0100${delegate.slice(2).toLowerCase()}`,
    )
    const after = await Promise.all([a, b].map((address) => client.getBalance({ address })))
    expect(after).toEqual([(before[0] ?? 0n) + 1n, (before[1] ?? 0n) + 2n])

    // Already delegated: the next batch carries no authorization.
    const second = (await w.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: a, value: '0x3' }] }],
    })) as { id: string }
    const secondStatus = (await settledStatus(w, second.id)) as {
      status: number
      receipts: { transactionHash: Hex }[]
    }
    expect(secondStatus.status).toBe(200)
    const secondTx = await client.getTransaction({
      hash: secondStatus.receipts[0]?.transactionHash as Hex,
    })
    expect(secondTx.authorizationList ?? []).toEqual([])

    // No delegate on 31338: an atomic batch is refused (EIP-5792 5760), nothing sent.
    await expect(
      w.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a6a', atomicRequired: true, calls: [{ to: a }] }],
      }),
    ).rejects.toMatchObject({ code: 5760 })
    // Declined: 4001, nothing sent.
    w.queue('wallet_sendCalls', 'reject')
    await expect(
      w.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: a, value: '0x1' }] }],
      }),
    ).rejects.toMatchObject({ code: 4001 })
    await expect(
      w.request({ method: 'wallet_getCallsStatus', params: ['0x01'] }),
    ).rejects.toMatchObject({ code: 5730 })
    await w.request({ method: 'wallet_showCallsStatus', params: [id] })
    expect(w.shown).toEqual([id])

    const assets = (await w.request({
      method: 'wallet_getAssets',
      params: [{ account: w.address, chainFilter: ['0x7a69'] }],
    })) as Record<string, { address: string; balance: Hex; type: string }[]>
    expect(assets['0x7a69']).toEqual([
      {
        address: 'native',
        balance: numberToHex(await client.getBalance({ address: w.address })),
        type: 'native',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ])
  })

  it('without eip5792 the methods go to the node, which has none of them (-32601)', async () => {
    const w = wallet()
    await expect(
      w.request({ method: 'wallet_getCapabilities', params: [w.address] }),
    ).rejects.toMatchObject({ code: -32601 })
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
