import { anvilAccounts } from '@latch/devnet'
import { createPublicClient, http, parseEther, recoverTypedDataAddress, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWallet } from './createTestWallet.ts'
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
