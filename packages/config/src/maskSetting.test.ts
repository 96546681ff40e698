import { describe, expect, test } from 'vitest'
import { maskSetting } from './maskSetting.ts'

describe('maskSetting', () => {
  test('secrets and keys are hidden whole; plain values are shown', () => {
    expect(maskSetting('LATCH_SESSION_SECRET', 's3cret')).toBe('***')
    expect(maskSetting('LATCH_WALLETCONNECT_API_KEY', 'k')).toBe('***')
    expect(maskSetting('LATCH_APP_NAME', 'Shop')).toBe('Shop')
  })

  test('URLs lose their password and query values; RPC URLs their path too', () => {
    expect(maskSetting('LATCH_TEST_DATABASE_URL', 'postgresql://u:pw@h/db')).toBe(
      'postgresql://u:***@h/db',
    )
    expect(maskSetting('LATCH_API_URL', 'https://api.example/?token=abc')).toBe(
      'https://api.example/?token=***',
    )
    expect(
      maskSetting(
        'LATCH_NETWORKS',
        '[{"id":1,"rpcUrl":"https://rpc.example/key123?apikey=zzz","publicRpcUrl":"https://p.example/k9"}]',
      ),
    ).toBe(
      '[{"id":1,"rpcUrl":"https://rpc.example/***?apikey=***","publicRpcUrl":"https://p.example/***"}]',
    )
    expect(
      maskSetting(
        'LATCH_NETWORKS',
        '[{"id":1,"accountAbstraction":{"bundlers":[{"name":"pimlico","url":"https://b.example/v2/1/rpc?apikey=pk9"}],"paymasterUrl":"https://pm.example/KEY77"}}]',
      ),
    ).toBe(
      '[{"id":1,"accountAbstraction":{"bundlers":[{"name":"pimlico","url":"https://b.example/***?apikey=***"}],"paymasterUrl":"https://pm.example/***"}}]',
    )
    expect(maskSetting('LATCH_NETWORKS', '[{"rpcUrl":"https://rpc.example/key')).toBe(
      '*** (not valid JSON)',
    )
  })
})

describe('maskSetting leaves plain URLs as written', () => {
  test('no trailing slash is added to a URL with nothing to hide', () => {
    expect(maskSetting('LATCH_API_URL', 'http://127.0.0.1:4171')).toBe('http://127.0.0.1:4171')
    expect(maskSetting('LATCH_NETWORKS', '[{"rpcUrl":"http://127.0.0.1:8545"}]')).toBe(
      '[{"rpcUrl":"http://127.0.0.1:8545"}]',
    )
  })
})
