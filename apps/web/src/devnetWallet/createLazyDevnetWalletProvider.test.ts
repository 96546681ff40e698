import { describe, expect, it, vi } from 'vitest'
import {
  createLazyDevnetWalletProvider,
  type DevnetWalletEmit,
  type LoadedDevnetWalletProvider,
} from './createLazyDevnetWalletProvider.ts'

/** A provider like the real one: answers eth_chainId, emits chainChanged on a switch. */
function fakeProvider(emit: DevnetWalletEmit): LoadedDevnetWalletProvider {
  let chainId = '0x7a69'
  return {
    async request({ method, params }) {
      if (method === 'wallet_switchEthereumChain') {
        chainId = (params as [{ chainId: string }])[0].chainId
        emit('chainChanged', chainId)
        return null
      }
      if (method === 'eth_chainId') return chainId
      throw new Error(`unexpected ${method}`)
    },
  }
}

describe('createLazyDevnetWalletProvider', () => {
  it('loads the signing code on the first request only, once', async () => {
    const load = vi.fn(async (emit: DevnetWalletEmit) => fakeProvider(emit))
    const provider = createLazyDevnetWalletProvider(load)
    expect(load).not.toHaveBeenCalled()
    await expect(
      Promise.all([
        provider.request({ method: 'eth_chainId' }),
        provider.request({ method: 'eth_chainId' }),
      ]),
    ).resolves.toEqual(['0x7a69', '0x7a69'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('hands the loaded provider’s events to listeners added before the load, until removed', async () => {
    const provider = createLazyDevnetWalletProvider(async (emit) => fakeProvider(emit))
    const heard: unknown[] = []
    const listener = (chainId: unknown) => heard.push(chainId)
    provider.on('chainChanged', listener)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    provider.removeListener('chainChanged', listener)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2' }] })
    expect(heard).toEqual(['0x1'])
  })

  it('passes the loaded provider’s errors through and retries a failed load', async () => {
    const load = vi
      .fn<(emit: DevnetWalletEmit) => Promise<LoadedDevnetWalletProvider>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async (emit) => fakeProvider(emit))
    const provider = createLazyDevnetWalletProvider(load)
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({
      code: -32603,
      message: "The Devnet Wallet's code did not load: Failed to fetch dynamically imported module",
    })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await expect(provider.request({ method: 'eth_sign' })).rejects.toThrow('unexpected eth_sign')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
