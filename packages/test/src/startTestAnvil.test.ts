import { isPortFree } from '@latch/devnet'
import { expect, test } from 'vitest'
import { startTestAnvil } from './startTestAnvil.ts'

test('a test anvil on a free port: answers, sits behind the guard, stops, restarts in place', async () => {
  const anvil = await startTestAnvil({ chainId: 31_999 })
  try {
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(await anvil.rpc('eth_chainId')).toBe('0x7cff')
    await expect(anvil.rpc('eth_noSuchMethod')).rejects.toMatchObject({ code: -32601 })
    // A cross-site page is refused, as under `npm start`.
    const refused = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    })
    expect(refused.status).toBe(403)
    // The built-in wallet is anvil's first account on this chain.
    expect(await anvil.wallet.request({ method: 'eth_chainId' })).toBe('0x7cff')
  } finally {
    await anvil.stop()
  }
  expect(await isPortFree(anvil.port)).toBe(true)

  const again = await startTestAnvil({ chainId: 31_999, port: anvil.port })
  try {
    expect(again.port).toBe(anvil.port)
    expect(await again.rpc('eth_blockNumber')).toBe('0x0')
  } finally {
    await again.stop()
  }
})

test('a fork is a second node of the same chain that stopped at a block', async () => {
  const upstream = await startTestAnvil({ chainId: 31_998 })
  try {
    await upstream.rpc('anvil_mine', ['0xa'])
    const behind = await startTestAnvil({
      chainId: 31_998,
      fork: { url: upstream.rpcUrl, blockNumber: 5 },
    })
    try {
      expect(await behind.rpc('eth_blockNumber')).toBe('0x5')
      const hashAt = async (node: typeof upstream, block: string) =>
        ((await node.rpc('eth_getBlockByNumber', [block, false])) as { hash: string }).hash
      expect(await hashAt(behind, '0x3')).toBe(await hashAt(upstream, '0x3'))
      expect(await upstream.rpc('eth_blockNumber')).toBe('0xa')
    } finally {
      await behind.stop()
    }
  } finally {
    await upstream.stop()
  }
})
