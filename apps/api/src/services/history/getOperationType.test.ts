import { expect, test } from 'vitest'
import { getOperationType } from './getOperationType.ts'

const me = '0x00000000000000000000000000000000000000aa'
const other = '0x00000000000000000000000000000000000000bb'
const zero = '0x0000000000000000000000000000000000000000'
const call = { from: me, to: other, methodId: null }

test('names a transaction by what moved for the account', () => {
  const type = (
    transfers: { direction: 'in' | 'out' | 'self'; from: string; to: string }[],
    transaction: { from: string; to: string | null; methodId: string | null } = call,
  ) => getOperationType({ account: me, transaction, transfers })
  expect({
    send: type([{ direction: 'out', from: me, to: other }]),
    self: type([{ direction: 'self', from: me, to: me }]),
    receive: type([{ direction: 'in', from: other, to: me }]),
    mint: type([{ direction: 'in', from: zero, to: me }]),
    burn: type([{ direction: 'out', from: me, to: zero }]),
    trade: type([
      { direction: 'out', from: me, to: other },
      { direction: 'in', from: other, to: me },
    ]),
    // swapExactTokensForETH: the router pays the ETH out by an internal call (no log).
    tradeForEth: type([{ direction: 'out', from: me, to: other }], {
      ...call,
      methodId: '0x18cbafe5',
    }),
    // Someone else's swap that pays this account is a receive.
    swapPaysMe: type([{ direction: 'in', from: other, to: me }], {
      from: other,
      to: other,
      methodId: '0x38ed1739',
    }),
    deploy: type([], { from: me, to: null, methodId: '0x60806040' }),
    approve: type([], { ...call, methodId: '0x095ea7b3' }),
    execute: type([], { ...call, methodId: '0x12345678' }),
  }).toMatchInlineSnapshot(`
    {
      "approve": "approve",
      "burn": "burn",
      "deploy": "deploy",
      "execute": "execute",
      "mint": "mint",
      "receive": "receive",
      "self": "send",
      "send": "send",
      "swapPaysMe": "receive",
      "trade": "trade",
      "tradeForEth": "trade",
    }
  `)
})
