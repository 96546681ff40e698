import { RpcRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { toUserOperationError } from './sendSmartAccountCalls.ts'

const apiAnswer = (message: string) =>
  new RpcRequestError({ body: {}, error: { code: -32603, message }, url: 'http://api.test' })

describe('toUserOperationError', () => {
  it('reads the API’s “did not answer” as the bundler being down: nothing was sent', () => {
    for (const message of [
      'Internal error: the bundler "alto" for eip155:31337 did not answer within 10000 ms.',
      'Internal error: the bundler "alto" for eip155:31337 did not answer (the host did not answer).',
      'Internal error: the paymaster service for eip155:31337 answered with something that is not JSON.',
    ])
      expect(toUserOperationError(apiAnswer(message)).message).toMatch(
        /bundler is not available right now: nothing was sent/,
      )
  })

  it('keeps a revert as the reason the smart account cannot send', () => {
    const error = toUserOperationError(apiAnswer('UserOperation reverted during simulation'))
    expect(error.message).toMatch(/^The smart account cannot send this: /)
    expect(error.message).not.toMatch(/not available/)
  })
})
