import { describe, expect, it } from 'vitest'
import { getConnectMethods } from './getConnectMethods.ts'

const all = { email: true, social: true }

describe('getConnectMethods', () => {
  it('defaults to email, social, wallet (spec section 1)', () => {
    expect(getConnectMethods(undefined, all)).toEqual(['email', 'social', 'wallet'])
  })

  it('follows the configured order', () => {
    expect(getConnectMethods(['wallet', 'social', 'email'], all)).toEqual([
      'wallet',
      'social',
      'email',
    ])
  })

  it('drops disabled methods and duplicates', () => {
    expect(
      getConnectMethods(['social', 'email', 'social', 'wallet'], { email: false, social: true }),
    ).toEqual(['social', 'wallet'])
  })

  it('always offers the wallet list', () => {
    expect(getConnectMethods(['email'], { email: true, social: false })).toEqual([
      'email',
      'wallet',
    ])
    expect(getConnectMethods([], { email: false, social: false })).toEqual(['wallet'])
  })
})
