import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isWalletLink } from '@latch/api-contract'
import { describe, expect, test } from 'vitest'
import { loadWalletRegistry, parseWalletRegistry } from './loadWalletRegistry.ts'
import type { WalletRegistryEntry } from './walletRegistryEntrySchema.ts'

const entry = (overrides: Partial<WalletRegistryEntry> = {}): WalletRegistryEntry => ({
  id: 'metamask',
  name: 'MetaMask',
  order: 10,
  badge_type: 'certified',
  rdns: 'io.metamask',
  chains: ['eip155:1'],
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: null,
  homepage: 'https://metamask.io',
  image_id: 'metamask-v1',
  color: '#F6851B',
  ...overrides,
})

function parseError(input: unknown): Error {
  try {
    parseWalletRegistry(input, { source: 'wallets.json' })
  } catch (error) {
    return error as Error
  }
  throw new Error('Expected the registry to be refused.')
}

describe('the registry file', async () => {
  const wallets = await loadWalletRegistry()

  test('holds the popular wallets, every entry valid', () => {
    expect(wallets.length).toBeGreaterThanOrEqual(40)
    expect(wallets.map((wallet) => wallet.id)).toEqual(
      expect.arrayContaining([
        'metamask',
        'trust',
        'coinbase',
        'rainbow',
        'rabby',
        'phantom',
        'okx',
        'zerion',
        'ledger-live',
        'uniswap',
        'safe',
        'argent',
        'imtoken',
        'tokenpocket',
        'bitget',
        'exodus',
        '1inch',
        'frame',
        'brave',
        'binance-web3',
        'crypto-com-defi',
        'zengo',
        'taho',
        'enkrypt',
        'backpack',
        'coin98',
        'mew',
        'onekey',
        'keplr',
        'solflare',
        'ctrl',
        'family',
        'status',
      ]),
    )
  })

  test('ids, rdns, image ids and ranks are unique', () => {
    const unique = (values: readonly unknown[]) => new Set(values).size === values.length
    expect(unique(wallets.map((wallet) => wallet.id))).toBe(true)
    expect(unique(wallets.map((wallet) => wallet.image_id))).toBe(true)
    expect(unique(wallets.map((wallet) => wallet.order))).toBe(true)
    expect(unique(wallets.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : [])))).toBe(true)
  })

  test('every link is a URL or a native scheme; web links are https', () => {
    for (const wallet of wallets) {
      for (const link of [wallet.mobile_link, wallet.desktop_link, wallet.webapp_link])
        if (link !== null) expect(isWalletLink(link), `${wallet.id}: ${link}`).toBe(true)
      for (const link of [wallet.webapp_link, wallet.homepage])
        if (link !== null) expect(new URL(link).protocol, `${wallet.id}: ${link}`).toBe('https:')
    }
  })

  test('the well-known EIP-6963 ids are there', () => {
    const rdnsById = Object.fromEntries(wallets.map((wallet) => [wallet.id, wallet.rdns]))
    expect(rdnsById).toMatchObject({
      metamask: 'io.metamask',
      coinbase: 'com.coinbase.wallet',
      rainbow: 'me.rainbow',
      rabby: 'io.rabby',
      phantom: 'app.phantom',
      okx: 'com.okex.wallet',
      zerion: 'io.zerion.wallet',
      trust: 'com.trustwallet.app',
      brave: 'com.brave.wallet',
      backpack: 'app.backpack',
      ctrl: 'io.xdefi',
      bitget: 'com.bitget.web3',
    })
  })
})

describe('parseWalletRegistry', () => {
  test('accepts valid entries', () => {
    expect(parseWalletRegistry([entry()], { source: 'wallets.json' })).toEqual([entry()])
  })

  test('a bad entry fails with a message naming it and the field', () => {
    const error = parseError([
      entry(),
      entry({ id: 'trust', rdns: null, image_id: 'trust-v1', order: 20, chains: ['ethereum'] }),
      { name: 'No id' },
    ])
    expect(error.name).toBe('InvalidWalletRegistryError')
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid wallet registry entries in "wallets.json": "trust" (#1), #2.
      - "trust" (#1): chains[0]: Expected a CAIP-2 id like "eip155:1".
      - #2: id: Invalid input: expected string, received undefined
      - #2: order: Invalid input: expected number, received undefined
      - #2: badge_type: Invalid option: expected one of "certified"|"none"
      - #2: rdns: Invalid input: expected string, received undefined
      - #2: chains: Invalid input: expected array, received undefined
      - #2: mobile_link: Invalid input: expected string, received undefined
      - #2: desktop_link: Invalid input: expected string, received undefined
      - #2: webapp_link: Invalid input: expected string, received undefined
      - #2: homepage: Invalid input: expected string, received undefined
      - #2: image_id: Invalid input: expected string, received undefined
      - #2: color: Invalid input: expected string, received undefined"
    `)
  })

  test('refuses unsafe links, unknown fields and duplicates', () => {
    expect(
      parseError([
        entry({ mobile_link: 'javascript://%0aalert(1)' }),
        entry({ image_id: 'metamask-v2', order: 20, webapp_link: 'http://app.example' }),
        { ...entry({ id: 'other', rdns: 'io.other', image_id: 'other-v1', order: 30 }), logo: 'x' },
      ]).message,
    ).toMatchInlineSnapshot(`
      "Invalid wallet registry entries in "wallets.json": "metamask" (#0), "metamask" (#1), "other" (#2).
      - "metamask" (#0): mobile_link: Expected a URL or a native scheme like "metamask://".
      - "metamask" (#1): webapp_link: Expected an https:// URL.
      - "other" (#2): Unrecognized key: "logo""
    `)
    expect(
      parseError([entry(), entry({ image_id: 'metamask-v2', order: 20 })]).message,
    ).toMatchInlineSnapshot(`
      "Invalid wallet registry entries in "wallets.json": "metamask" (#1).
      - "metamask" (#1): id "metamask" is also used by "metamask" (#0).
      - "metamask" (#1): rdns "io.metamask" is also used by "metamask" (#0)."
    `)
  })

  test('an unreadable or non-array file fails startup clearly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'latch-registry-'))
    const file = path.join(dir, 'wallets.json')
    writeFileSync(file, '{"not": "an array"}')
    await expect(loadWalletRegistry(file)).rejects.toThrow(
      `The wallet registry at "${file}" is invalid.\nExpected a JSON array of wallets.`,
    )
    writeFileSync(file, '[')
    await expect(loadWalletRegistry(file)).rejects.toMatchObject({
      name: 'InvalidWalletRegistryError',
    })
  })
})
