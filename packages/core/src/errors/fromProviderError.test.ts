import { describe, expect, it } from 'vitest'
import { ConnectorNotConnectedError } from './connector.ts'
import { fromProviderError } from './fromProviderError.ts'

const walletError = (code: number, message: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra })

describe('fromProviderError', () => {
  it('maps each wallet and JSON-RPC code to its error, keeping the answer as details and cause', () => {
    const cases = [
      [4001, 'UserRejectedRequestError', 'User rejected the request.'],
      [4100, 'UnauthorizedProviderError', 'Unauthorized.'],
      [4900, 'ProviderDisconnectedError', 'Disconnected.'],
      [4901, 'ChainDisconnectedError', 'Chain disconnected.'],
      [32603, 'InvalidChainIdError', 'Invalid chain id.'],
      [-32700, 'ParseRpcError', 'Parse error.'],
      [-32600, 'InvalidRequestRpcError', 'Invalid Request.'],
      [-32601, 'MethodNotFoundRpcError', 'Method not found.'],
      [-32602, 'InvalidParamsRpcError', 'Invalid params.'],
      [-32603, 'InternalRpcError', 'Internal error.'],
      [-32000, 'ServerRpcError', 'Server error.'],
    ] as const
    for (const [code, name, shortMessage] of cases) {
      const answer = walletError(code, 'What the wallet said')
      const error = fromProviderError(answer)
      expect(error, String(code)).toMatchObject({ name, code, shortMessage })
      expect(error.details).toBe('What the wallet said')
      expect(error.cause).toBe(answer)
    }
  })

  it("treats WalletConnect's session rejections (5000-5003) as the person declining", () => {
    for (const code of [5000, 5001, 5002, 5003])
      expect(fromProviderError(walletError(code, 'User rejected.')).name).toBe(
        'UserRejectedRequestError',
      )
  })

  it('is a failed switch for 4902 when the chain is known, else the wallet error as it is', () => {
    const answer = walletError(4902, 'Unrecognized chain ID "0x7a6b".')
    expect(fromProviderError(answer, { chainId: 31339 })).toMatchObject({
      name: 'SwitchChainError',
      code: 4902,
      chainId: 31339,
    })
    expect(fromProviderError(answer)).toMatchObject({
      name: 'ProviderRequestError',
      code: 4902,
      shortMessage: 'Unrecognized chain ID "0x7a6b".',
    })
  })

  it('finds the code where wallets and viem put it: nested in data, or down the causes', () => {
    const mobile = Object.assign(new Error('failed'), { data: { originalError: { code: 4100 } } })
    expect(fromProviderError(mobile).name).toBe('UnauthorizedProviderError')
    const wrapped = Object.assign(new Error('An RPC request failed.'), {
      shortMessage: 'RPC Request failed.',
      cause: walletError(-32602, 'invalid string length'),
    })
    expect(fromProviderError(wrapped)).toMatchObject({
      name: 'InvalidParamsRpcError',
      details: 'RPC Request failed.',
    })
  })

  it('keeps other answers as ProviderRequestError: their code, else 5000 (the default)', () => {
    expect(fromProviderError(walletError(-32002, 'Wallet is locked'))).toMatchObject({
      name: 'ProviderRequestError',
      code: -32002,
      shortMessage: 'Wallet is locked.',
    })
    expect(fromProviderError(new TypeError('fetch failed'))).toMatchObject({
      name: 'ProviderRequestError',
      code: 5000,
      shortMessage: 'fetch failed.',
    })
    expect(fromProviderError('boom')).toMatchObject({ code: 5000, shortMessage: 'boom.' })
    expect(fromProviderError(undefined).shortMessage).toBe('The wallet request failed.')
  })

  it('passes errors of the family through unchanged', () => {
    const error = new ConnectorNotConnectedError()
    expect(fromProviderError(error)).toBe(error)
  })
})
