import { anvilAccounts, startTestAnvil } from '@latch/test'
import { createClient, encodeFunctionData, erc20Abi, getAddress, http, parseEther } from 'viem'
import { getBalance, getTransaction } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import type { Hex } from '../types.ts'
import { connect } from './connect.ts'
import { sendTransfer } from './sendTransfer.ts'

let anvil: Awaited<ReturnType<typeof startTestAnvil>>
beforeAll(async () => {
  anvil = await startTestAnvil()
})
afterAll(() => anvil?.stop())

const [sender, receiver] = anvilAccounts.map((account) => account.address) as [Hex, Hex]
/** A fresh address per test, so balances start at zero. */
const freshAddress = () =>
  `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`

/** A config connected through a fake wallet whose requests go to the test wallet. */
async function connected(chainNamespace: 'eip155' | 'cosmos' = 'eip155') {
  const wallet = createFakeConnector()
  Object.assign(wallet.connector, { chainNamespace })
  wallet.answer((args) => anvil.wallet.request(args))
  const config = createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: 'http://api',
    projectId: 'p',
    connectors: [wallet.connector],
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve([sender], 31337)
  await attempt
  return { config, wallet }
}

const client = () => createClient({ transport: http(anvil.rpcUrl) })

describe('sendTransfer', () => {
  it('needs an amount, a receiver and a token (spec section 5)', async () => {
    const { config } = await connected()
    const token = {}
    await expect(
      sendTransfer(config, { to: receiver, token, amount: undefined }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TransferFieldsRequiredError: An amount and receiver address are required.]`,
    )
    await expect(
      sendTransfer(config, { to: ' ', token, amount: 1n }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TransferFieldsRequiredError: An amount and receiver address are required.]`,
    )
    await expect(
      sendTransfer(config, { to: receiver, token: undefined, amount: 1n }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TransferTokenRequiredError: A token is required.]`,
    )
  })

  it('sends by chain namespace: eip155 now; any other is an unsupported chain', async () => {
    const { config, wallet } = await connected()
    const parameters = { to: receiver, token: {}, amount: 1n }
    const unsupported = sendTransfer(config, { ...parameters, namespace: 'cosmos' })
    await expect(unsupported).rejects.toMatchObject({
      name: 'TransferChainUnsupportedError',
      shortMessage: 'Unsupported chain.',
      namespace: 'cosmos',
    })
    await expect(unsupported).rejects.toThrowErrorMatchingInlineSnapshot(`
      [TransferChainUnsupportedError: Unsupported chain.

      Details: Transfers on "cosmos" chains are not supported.]
    `)
    expect(wallet.requests).toEqual([])

    // Without a namespace, the connected wallet's is used.
    const cosmos = await connected('cosmos')
    await expect(sendTransfer(cosmos.config, parameters)).rejects.toMatchObject({
      shortMessage: 'Unsupported chain.',
    })
    await expect(sendTransfer(config, { ...parameters, namespace: 'eip155' })).resolves.toEqual(
      expect.objectContaining({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) }),
    )
  })

  it('sends the native coin through the wallet and waits for the receipt', async () => {
    const { config, wallet } = await connected()
    const to = freshAddress()
    const submitted: Hex[] = []
    const result = await sendTransfer(config, {
      to,
      token: { address: 'eip155:31337:0x0000000000000000000000000000000000000000' },
      amount: parseEther('1.5'),
      onSubmitted: (hash) => submitted.push(hash),
    })
    expect(submitted).toEqual([result.hash])
    expect(result.blockNumber).toBeGreaterThan(0n)
    expect(await getBalance(client(), { address: to as Hex })).toBe(parseEther('1.5'))
    const sent = wallet.requests.find((request) => request.method === 'eth_sendTransaction')
    expect(sent?.params).toEqual([
      {
        from: sender,
        to: getAddress(to),
        value: '0x14d1120d7b160000',
        chainId: '0x7a69',
      },
    ])
  })

  it('sends a token as an ERC-20 transfer call to its contract', async () => {
    const { config } = await connected()
    // Any address takes a call on anvil; the transaction shows what the wallet was asked.
    const contract = freshAddress()
    const to = freshAddress()
    const { hash } = await sendTransfer(config, {
      to,
      token: { address: `eip155:31337:${contract}` },
      amount: 1_500_000n,
    })
    const transaction = await getTransaction(client(), { hash })
    expect(transaction.to).toBe(contract.toLowerCase())
    expect(transaction.value).toBe(0n)
    expect(transaction.input).toBe(
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Hex, 1_500_000n],
      }),
    )
  })

  it('is declined when the person rejects it in the wallet (4001)', async () => {
    const { config, wallet } = await connected()
    wallet.answer(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    await expect(
      sendTransfer(config, { to: receiver, token: {}, amount: 1n }),
    ).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
  })

  it('fails when the transaction reverts, and on a receiver that is no address', async () => {
    const { config, wallet } = await connected()
    // A contract that always reverts, and a transaction to it sent with fixed gas.
    const reverter = freshAddress()
    await anvil.rpc('anvil_setCode', [reverter, '0x60006000fd'])
    const reverted = await anvil.rpc('eth_sendTransaction', [
      { from: sender, to: reverter, gas: '0x186a0' },
    ])
    wallet.answer(() => reverted)
    await expect(
      sendTransfer(config, { to: receiver, token: {}, amount: 1n }),
    ).rejects.toMatchObject({ name: 'TransferRevertedError', hash: reverted })
    await expect(
      sendTransfer(config, { to: 'alice', token: {}, amount: 1n }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[InvalidTransferReceiverError: Receiver "alice" is not a valid address.]`,
    )
  })

  it('needs a connected wallet', async () => {
    const config = createLatchConfig({
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          caipNetworkId: 'eip155:1',
          rpcUrl: 'http://127.0.0.1:1',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
      apiUrl: 'http://api',
      projectId: 'p',
    })
    await expect(
      sendTransfer(config, { to: receiver, token: {}, amount: 1n }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConnectorNotConnectedError: Connector not connected.]`,
    )
  })
})
