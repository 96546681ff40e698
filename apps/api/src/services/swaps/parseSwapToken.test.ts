import { expect, test } from 'vitest'
import { parseSwapPair } from './parseSwapToken.ts'
import { swapNativeAddress } from './swapSource.ts'

const native = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const lusd = 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3'

test('a pair read again is the same answer, frozen: a polled quote reads its pair once', () => {
  const pair = parseSwapPair(native, lusd)
  expect(pair).toEqual({
    from: { chainId: 31337, address: swapNativeAddress, native: true },
    to: { chainId: 31337, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', native: false },
  })
  expect(parseSwapPair(native, lusd)).toBe(pair)
  expect(Object.isFrozen(pair) && Object.isFrozen(pair.from) && Object.isFrozen(pair.to)).toBe(true)
  // The other way round, or the address in another case, is a pair of its own, read as such.
  expect(parseSwapPair(lusd, native).from).toEqual(pair.to)
  expect(
    parseSwapPair(native, lusd.toUpperCase().replace('EIP155', 'eip155').replace('0X', '0x')).to,
  ).toEqual(pair.to)
})

test('a refused pair is refused every time, never kept', () => {
  const otherChain = 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3'
  for (let attempt = 0; attempt < 2; attempt++) {
    expect(() => parseSwapPair(native, otherChain)).toThrow(
      'from and to must be on the same chain (a swap is not a bridge).',
    )
    expect(() => parseSwapPair(lusd, lusd.replace('0x5fbdb', '0x5FBDB'))).toThrow(
      'from and to are the same token.',
    )
  }
})
