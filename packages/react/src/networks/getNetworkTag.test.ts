import { describe, expect, it } from 'vitest'
import { getNetworkHue, getNetworkTag } from './getNetworkTag.ts'

describe('getNetworkTag', () => {
  it('tags local chains as Devnet and public test networks as Testnet', () => {
    expect(getNetworkTag({ id: 31337, name: 'Latch Devnet' })).toBe('devnet')
    expect(getNetworkTag({ id: 31339, name: 'Latch Devnet Alpha' })).toBe('devnet')
    expect(getNetworkTag({ id: 11155111, name: 'Sepolia' })).toBe('testnet')
    expect(getNetworkTag({ id: 999, name: 'Acme Testnet' })).toBe('testnet')
    expect(getNetworkTag({ id: 8453, name: 'Base' })).toBeUndefined()
    expect(getNetworkTag({ id: 1, name: 'Ethereum' })).toBeUndefined()
  })

  it('follows an explicit testnet flag', () => {
    expect(getNetworkTag({ id: 7, name: 'Seven', testnet: true })).toBe('testnet')
    expect(getNetworkTag({ id: 31337, name: 'Latch Devnet', testnet: false })).toBeUndefined()
  })
})

describe('getNetworkHue', () => {
  it('gives neighbouring chains distinct hues', () => {
    const hues = [31337, 31339, 31340].map(getNetworkHue)
    expect(new Set(hues).size).toBe(3)
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(0)
  })
})
