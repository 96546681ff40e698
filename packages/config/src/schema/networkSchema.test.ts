import { expect, test } from 'vitest'
import { networkSchema } from './networkSchema.ts'

const base = {
  id: 8453,
  name: 'Base',
  rpcUrl: 'https://base.example/rpc',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const swap = {
  uniswapV2Router: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
  uniswapV2Factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
  weth: '0x4200000000000000000000000000000000000006',
  stable: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
}

test('a network may name the Uniswap V2 deployment swaps use; the stablecoin is optional', () => {
  expect(networkSchema.parse({ ...base, swap }).swap).toEqual(swap)
  const { stable: _stable, ...withoutStable } = swap
  expect(networkSchema.parse({ ...base, swap: withoutStable }).swap).toEqual(withoutStable)
  expect(networkSchema.parse(base).swap).toBeUndefined()
})

test('a swap block with a bad or unknown field is refused, naming it', () => {
  const badRouter = networkSchema.safeParse({ ...base, swap: { ...swap, uniswapV2Router: '0x12' } })
  expect(badRouter.error?.issues[0]?.path).toEqual(['swap', 'uniswapV2Router'])
  const unknown = networkSchema.safeParse({
    ...base,
    swap: { ...swap, router: swap.uniswapV2Router },
  })
  expect(unknown.error?.issues[0]?.code).toBe('unrecognized_keys')
  const missing = networkSchema.safeParse({ ...base, swap: { weth: swap.weth } })
  expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
    'swap.uniswapV2Router',
    'swap.uniswapV2Factory',
  ])
})
