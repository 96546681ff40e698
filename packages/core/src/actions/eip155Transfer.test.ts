import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { rpcRetryCount, rpcTimeoutMs } from '../timings.ts'
import { createTransferClient } from './createTransferClient.ts'
import { toEip155TransferCall, toTokenContract } from './eip155Transfer.ts'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('toEip155TransferCall', () => {
  it('is a value transfer for the native coin and transfer(to, amount) for a token', () => {
    expect(toEip155TransferCall({ to: receiver, token: {}, amount: 5n })).toEqual({
      to: receiver,
      value: 5n,
    })
    const lusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    expect(
      toEip155TransferCall({ to: receiver, token: { address: lusd.toLowerCase() }, amount: 5n }),
    ).toEqual({
      to: lusd,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 5n] }),
    })
  })

  it('reads token addresses as 0x or CAIP-10; the zero address is the native coin', () => {
    expect(toTokenContract({})).toBeUndefined()
    expect(
      toTokenContract({ address: 'eip155:1:0x0000000000000000000000000000000000000000' }),
    ).toBeUndefined()
    expect(
      toTokenContract({ address: 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3' }),
    ).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(() => toTokenContract({ address: 'eip155:1:0x12' })).toThrowErrorMatchingInlineSnapshot(
      `[InvalidTokenAddressError: Token address "0x12" is not valid.]`,
    )
  })
})

describe('createTransferClient (spec section 9: RPC timeout 10 s, 2 retries)', () => {
  it('asks a failing node three times in all, with a 10 s timeout per call', async () => {
    const { createServer } = await import('node:http')
    const { getBlockNumber } = await import('viem/actions')
    let requests = 0
    const server = createServer((_request, response) => {
      requests += 1
      response.writeHead(503).end('busy')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as { port: number }
      const client = createTransferClient({ rpcUrl: `http://127.0.0.1:${port}` })
      await expect(getBlockNumber(client)).rejects.toThrow()
      expect(requests).toBe(1 + rpcRetryCount)
      expect(client.transport.timeout).toBe(rpcTimeoutMs)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
