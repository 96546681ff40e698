import { expect, test } from 'vitest'
import {
  frameEventSchema,
  frameRequestParamsSchemas,
  frameRequestSchema,
  frameResponseSchema,
  frameResultSchemas,
  walletCallsParamsSchemas,
} from './frameMessages.ts'

test('a request parses by its method, with its own params', () => {
  const request = {
    type: 'latch:frame:request',
    id: 'r1',
    method: 'connectEmail',
    params: { email: ' Ada@Example.COM ' },
  }
  expect(frameRequestSchema.parse(request)).toEqual({
    ...request,
    params: { email: 'ada@example.com' },
  })
})

test.each([
  ['an unknown method', { type: 'latch:frame:request', id: 'r1', method: 'eval', params: {} }],
  [
    'a bad email',
    { type: 'latch:frame:request', id: 'r1', method: 'connectEmail', params: { email: 'ada@' } },
  ],
  [
    'a short code',
    { type: 'latch:frame:request', id: 'r1', method: 'connectOtp', params: { otp: '12345' } },
  ],
  [
    'an RPC method the frame does not sign',
    {
      type: 'latch:frame:request',
      id: 'r1',
      method: 'rpcRequest',
      params: { chainId: 1, method: 'eth_sign' },
    },
  ],
  ['a foreign type', { type: 'other', id: 'r1', method: 'signOut', params: {} }],
  [
    'an id with markup',
    { type: 'latch:frame:request', id: '<img>', method: 'signOut', params: {} },
  ],
  [
    'a social provider not in the spec',
    {
      type: 'latch:frame:request',
      id: 'r1',
      method: 'connectSocial',
      params: { provider: 'myspace', uri: '' },
    },
  ],
])('refuses %s', (_, message) => {
  expect(frameRequestSchema.safeParse(message).success).toBe(false)
})

test('every method has a result schema', () => {
  expect(Object.keys(frameResultSchemas).sort()).toEqual(
    Object.keys(frameRequestParamsSchemas).sort(),
  )
})

test('responses and events', () => {
  expect(
    frameResponseSchema.safeParse({
      type: 'latch:frame:response',
      id: 'r1',
      ok: false,
      error: { code: 4001, message: 'User rejected the request.' },
    }).success,
  ).toBe(true)
  expect(
    frameResponseSchema.safeParse({ type: 'latch:frame:response', id: 'r1', ok: false }).success,
  ).toBe(false)
  expect(
    frameEventSchema.safeParse({
      type: 'latch:frame:event',
      event: { name: 'chainChanged', chainId: 31337 },
    }).success,
  ).toBe(true)
  expect(
    frameEventSchema.safeParse({
      type: 'latch:frame:event',
      event: { name: 'chainChanged', chainId: -1 },
    }).success,
  ).toBe(false)
})

test('EIP-5792 requests go to the frame, their params checked by their own schemas', () => {
  for (const method of [
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
  ])
    expect(
      frameRequestSchema.safeParse({
        type: 'latch:frame:request',
        id: 'r1',
        method: 'rpcRequest',
        params: { chainId: 1, method, params: [] },
      }).success,
    ).toBe(true)
  const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const { wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus } =
    walletCallsParamsSchemas
  expect(wallet_getCapabilities.safeParse([address]).success).toBe(true)
  expect(wallet_getCapabilities.safeParse([address, ['0x1', '0x7a69']]).success).toBe(true)
  // Spec section 5: the address is required.
  expect(wallet_getCapabilities.safeParse([]).success).toBe(false)
  expect(wallet_getCapabilities.safeParse([undefined, ['0x1']]).success).toBe(false)
  const batch = {
    version: '2.0.0',
    chainId: '0x7a69',
    from: address,
    calls: [{ to: address, data: '0x095ea7b3', value: undefined }],
  }
  expect(wallet_sendCalls.parse([batch])[0].atomicRequired).toBe(false)
  expect(wallet_sendCalls.safeParse([{ ...batch, calls: [] }]).success).toBe(false)
  expect(
    wallet_sendCalls.safeParse([{ ...batch, calls: Array(17).fill(batch.calls[0]) }]).success,
  ).toBe(false)
  expect(wallet_sendCalls.safeParse([{ ...batch, chainId: 31337 }]).success).toBe(false)
  expect(wallet_getCallsStatus.safeParse(['0xabc']).success).toBe(true)
  expect(wallet_getCallsStatus.safeParse(['x'.repeat(129)]).success).toBe(false)
})
