import { parseLatchWebConfig } from '@latch/core'
import type { Wallet } from '@wallet-standard/base'
import { expect, it } from 'vitest'
import { createBitcoinTestWallet } from './createStandardTestWallets.ts'
import { createWalletStandardTestPage } from './createWalletStandardTestPage.ts'

it("lists a network of each namespace as a page config gives them (the web config's parser keeps them as they are)", () => {
  const { networks } = createWalletStandardTestPage({
    getWallets: () => ({ register: () => () => {} }),
  })
  const all = [networks.evm, networks.solana, networks.regtest, networks.bitcoinTestnet]
  const parsed = parseLatchWebConfig({
    apiUrl: 'http://127.0.0.1:4171',
    projectId: '0123456789abcdef0123456789abcdef',
    relayUrl: 'ws://127.0.0.1:4172',
    appName: 'Latch',
    networks: all,
  })
  expect(parsed.caipNetworks).toEqual(all)
})

it('registers wallets once the window is open, and unregisters every one of them', () => {
  const registered = new Set<Wallet>()
  const page = createWalletStandardTestPage({
    getWallets: () => ({
      register: (...wallets) => {
        for (const wallet of wallets) registered.add(wallet)
        return () => {
          for (const wallet of wallets) registered.delete(wallet)
        }
      },
    }),
  })
  const a = createBitcoinTestWallet({ name: 'A', chains: ['bitcoin:regtest'] }).wallet
  const b = createBitcoinTestWallet({ name: 'B', chains: ['bitcoin:regtest'] }).wallet
  const hadWindow = 'window' in globalThis
  if (!hadWindow) expect(() => page.register(a)).toThrow('call open() before register()')
  page.open()
  expect(globalThis).toHaveProperty('window')
  const unregisterA = page.register(a)
  page.register(b)
  expect([...registered]).toEqual([a, b])
  unregisterA()
  expect([...registered]).toEqual([b])
  page.unregisterAll()
  expect(registered.size).toBe(0)
  if (!hadWindow) delete (globalThis as { window?: unknown }).window
})
