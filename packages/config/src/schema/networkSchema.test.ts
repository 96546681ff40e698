import { expect, test } from 'vitest'
import {
  networkSchema as anyNetworkSchema,
  eip155NetworkSchema as networkSchema,
  networksJsonSchema,
} from './networkSchema.ts'

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

test('a network without a namespace is eip155, as before Solana and Bitcoin', () => {
  expect(anyNetworkSchema.parse(base)).toMatchObject({ namespace: 'eip155', id: 8453 })
  expect(anyNetworkSchema.parse({ ...base, namespace: 'eip155' })).toMatchObject({ id: 8453 })
})

test('a Solana preset names the network; its RPC URL comes from the configuration', () => {
  expect(
    anyNetworkSchema.parse({
      namespace: 'solana',
      preset: 'mainnet',
      rpcUrl: 'https://solana.example/rpc',
    }),
  ).toEqual({
    namespace: 'solana',
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    rpcUrl: 'https://solana.example/rpc',
    blockExplorerUrl: 'https://solscan.io',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    testnet: false,
    tokens: [],
  })
  expect(
    anyNetworkSchema.parse({ namespace: 'solana', preset: 'devnet', rpcUrl: 'https://d.example' }),
  ).toMatchObject({
    caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    testnet: true,
    blockExplorerUrl: 'https://solscan.io/?cluster=devnet',
  })
  expect(
    anyNetworkSchema.parse({ namespace: 'solana', preset: 'testnet', rpcUrl: 'https://t.example' }),
  ).toMatchObject({
    caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    blockExplorerUrl: 'https://solscan.io/?cluster=testnet',
  })
  // Named by its id, a public cluster still has its explorer; one set in the entry wins.
  expect(
    anyNetworkSchema.parse({
      namespace: 'solana',
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      rpcUrl: 'https://s.example',
      blockExplorerUrl: 'https://explorer.solana.com',
    }),
  ).toMatchObject({ blockExplorerUrl: 'https://explorer.solana.com' })
  expect(
    anyNetworkSchema.parse({
      namespace: 'solana',
      id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      rpcUrl: 'https://s.example',
    }),
  ).toMatchObject({ blockExplorerUrl: 'https://solscan.io/?cluster=devnet' })
})

test('a Solana network of its own: id, WebSocket URL and SPL mints', () => {
  const network = anyNetworkSchema.parse({
    namespace: 'solana',
    id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    name: 'Local Solana',
    rpcUrl: 'http://127.0.0.1:8899',
    wsUrl: 'ws://127.0.0.1:8900',
    tokens: [
      {
        mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
      },
    ],
  })
  expect(network).toMatchObject({
    caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    wsUrl: 'ws://127.0.0.1:8900',
    tokens: [{ symbol: 'USDC' }],
  })
})

test('Bitcoin presets and a regtest network of its own', () => {
  expect(
    anyNetworkSchema.parse({
      namespace: 'bip122',
      preset: 'mainnet',
      esploraUrl: 'https://esplora.example/api',
    }),
  ).toEqual({
    namespace: 'bip122',
    id: '000000000019d6689c085ae165831e93',
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
    name: 'Bitcoin',
    network: 'mainnet',
    esploraUrl: 'https://esplora.example/api',
    blockExplorerUrl: 'https://mempool.space',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    testnet: false,
  })
  expect(
    anyNetworkSchema.parse({
      namespace: 'bip122',
      preset: 'testnet',
      esploraUrl: 'https://esplora.example/testnet/api',
    }),
  ).toMatchObject({ blockExplorerUrl: 'https://mempool.space/testnet' })
  expect(
    anyNetworkSchema.parse({
      namespace: 'bip122',
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      network: 'regtest',
      esploraUrl: 'http://127.0.0.1:3002',
    }),
  ).not.toHaveProperty('blockExplorerUrl')
  expect(
    anyNetworkSchema.parse({
      namespace: 'bip122',
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      network: 'regtest',
      esploraUrl: 'http://127.0.0.1:3002',
    }),
  ).toMatchObject({ name: 'Bitcoin regtest', network: 'regtest', testnet: true })
})

test('wrong Solana and Bitcoin entries are refused with the path and the reason', () => {
  const messages = (value: unknown) =>
    anyNetworkSchema
      .safeParse(value)
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  expect(messages({ namespace: 'solana', rpcUrl: 'https://s.example' })).toEqual([
    'id: Expected an id or a preset.',
  ])
  expect(
    messages({
      namespace: 'solana',
      preset: 'mainnet',
      id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      rpcUrl: 'https://s.example',
    }),
  ).toEqual(['id: Expected "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" (Solana mainnet) or no id.'])
  expect(
    messages({
      namespace: 'solana',
      preset: 'mainnet',
      rpcUrl: 'https://s.example',
      tokens: [{ mint: '0xabc', name: 'X', symbol: 'X', decimals: 6 }],
    }),
  ).toEqual(['tokens.0.mint: Expected a base58 Solana address (32 bytes).'])
  expect(
    messages({
      namespace: 'bip122',
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      esploraUrl: 'https://e.example',
    }),
  ).toEqual(['network: Expected mainnet, testnet or regtest (or a preset).'])
  expect(
    messages({
      namespace: 'bip122',
      preset: 'testnet',
      network: 'mainnet',
      esploraUrl: 'https://e.example',
    }),
  ).toEqual(['network: Expected "testnet" (Bitcoin testnet) or no network.'])
  expect(messages({ namespace: 'cosmos', id: 'x' })).toEqual([
    'namespace: Expected "eip155" (the default), "solana" or "bip122".',
  ])
})

test('LATCH_NETWORKS mixes namespaces; an id appears once per namespace', () => {
  const solana = { namespace: 'solana', preset: 'devnet', rpcUrl: 'https://d.example' }
  const parsed = networksJsonSchema.parse(JSON.stringify([base, solana]))
  expect(parsed.map((network) => network.namespace)).toEqual(['eip155', 'solana'])
  expect(
    networksJsonSchema.safeParse(JSON.stringify([base, solana, solana])).error?.issues[0]?.message,
  ).toBe('Each network id must appear once.')
  const issues = networksJsonSchema.safeParse(
    JSON.stringify([base, { namespace: 'solana', preset: 'devnet', rpcUrl: 'ftp://x' }]),
  ).error?.issues
  expect(issues?.[0]?.path).toEqual([1, 'rpcUrl'])
})
