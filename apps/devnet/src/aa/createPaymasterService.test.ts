import { describe, expect, test } from 'vitest'
import { anvilAccounts } from '../accounts.ts'
import { entryPointV07Address } from './accountAbstractionAddresses.ts'
import { createPaymasterService, paymasterBodyLimitBytes } from './createPaymasterService.ts'

const paymaster = '0x1111111111111111111111111111111111111111'
const app = createPaymasterService({
  // Nothing listens there: these cases are answered before the chain is asked.
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:9', entryPoint: entryPointV07Address, paymaster },
  ],
  signerPrivateKey: (anvilAccounts[4] as (typeof anvilAccounts)[0]).privateKey,
  now: () => 1_800_000_000,
})
const userOperation = { sender: anvilAccounts[3]?.address, nonce: '0x0', callData: '0x' }

async function call(body: unknown, chainId = 31337) {
  const response = await app.request(`/${chainId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      id?: unknown
      result?: Record<string, unknown>
      error?: { code: number; message: string }
    },
  }
}

const request = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 3, method, params })

describe('createPaymasterService', () => {
  test('pm_getPaymasterStubData: the paymaster, its gas limits, a validity window and a well-formed signature', async () => {
    const { body } = await call(
      request('pm_getPaymasterStubData', [userOperation, entryPointV07Address, '0x7a69', {}]),
    )
    expect(body.id).toBe(3)
    expect(body.result).toMatchObject({
      paymaster,
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x0',
      isFinal: false,
      sponsor: { name: 'Latch Devnet' },
    })
    const data = body.result?.paymasterData as string
    // abi.encode(uint48 validUntil, uint48 validAfter) then a 65-byte signature.
    expect(data).toMatch(/^0x[0-9a-f]{258}$/)
    expect(BigInt(`0x${data.slice(2, 66)}`)).toBe(1_800_000_300n)
    expect(BigInt(`0x${data.slice(66, 130)}`)).toBe(1_799_999_940n)
  })

  test('refuses other methods, malformed requests and params, and a user operation without gas', async () => {
    expect((await call(request('eth_sendUserOperation', []))).body.error).toEqual({
      code: -32601,
      message: expect.stringMatching(/^Method "eth_sendUserOperation" is not supported/),
    })
    expect((await call('{not json')).body.error?.code).toBe(-32700)
    expect((await call([request('pm_getPaymasterStubData', [])])).body.error?.code).toBe(-32600)
    const badSender = await call(
      request('pm_getPaymasterStubData', [
        { ...userOperation, sender: '0x12' },
        entryPointV07Address,
        '0x7a69',
        {},
      ]),
    )
    expect(badSender.body.error).toEqual({
      code: -32602,
      message: 'Invalid params at 0.sender: Expected a 0x-prefixed 20-byte address.',
    })
    const noGas = await call(
      request('pm_getPaymasterData', [userOperation, entryPointV07Address, '0x7a69', {}]),
    )
    expect(noGas.body.error?.message).toBe(
      'The user operation has no callGasLimit, verificationGasLimit, preVerificationGas, maxFeePerGas, maxPriorityFeePerGas: estimate its gas before pm_getPaymasterData.',
    )
    const unknownChain = await call(
      request('pm_getPaymasterStubData', [userOperation, entryPointV07Address, '0x1', {}]),
      1,
    )
    expect(unknownChain.body.error?.message).toBe(
      'Chain "1" is not sponsored here (chains: 31337).',
    )
  })

  test('a body over the limit is refused with 413', async () => {
    const big = request('pm_getPaymasterStubData', [
      { ...userOperation, callData: `0x${'00'.repeat(paymasterBodyLimitBytes)}` },
      entryPointV07Address,
      '0x7a69',
      {},
    ])
    const { status, body } = await call(big)
    expect(status).toBe(413)
    expect(body.error?.message).toBe('The request body is larger than 64 KB.')
  })
})
