import { parseConfig } from '@latch/config'
import { expect, test } from 'vitest'
import { InvalidEnvError } from '../../errors/config.ts'
import { createOnrampProviders } from './createOnrampProviders.ts'

const fetch = async () => new Response('{}')
const sandbox = {
  onramp: {
    providers: [
      {
        id: 'moonpay' as const,
        name: 'Sandbox MoonPay',
        feePercent: 2,
        apiUrl: 'http://127.0.0.1:4173/onramp/moonpay',
        checkoutUrl: 'http://127.0.0.1:4173/onramp/checkout/moonpay',
        apiKey: 'pk_test_1',
        secret: 'sk_test_1',
        senders: ['0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
      },
    ],
  },
}

test('without LATCH_ONRAMP_PROVIDERS: the devnet sandbox, else none', () => {
  const fromDevnet = createOnrampProviders({ settings: parseConfig({}), manifest: sandbox, fetch })
  expect(fromDevnet.source).toBe('devnet')
  expect(fromDevnet.providers.map((provider) => provider.info)).toEqual([
    { id: 'moonpay', name: 'Sandbox MoonPay', feeRange: '2%' },
  ])
  expect([...fromDevnet.senders]).toEqual([
    ['0x90f79bf6eb2c4f870365e785982e1f101e93b906', 'moonpay'],
  ])
  const none = createOnrampProviders({ settings: parseConfig({}), fetch })
  expect(none).toMatchObject({ source: 'none', providers: [] })
})

test('LATCH_ONRAMP_PROVIDERS wins over the devnet, with the real services by default', () => {
  const settings = parseConfig({
    LATCH_ONRAMP_PROVIDERS: 'moonpay',
    LATCH_ONRAMP_MOONPAY_API_KEY: 'pk_live_1',
    LATCH_ONRAMP_MOONPAY_SECRET: 'sk_live_1',
    LATCH_ONRAMP_MOONPAY_FEE: '1.5',
    LATCH_ONRAMP_MOONPAY_SENDERS: '0x0000000000000000000000000000000000000001',
  })
  const configured = createOnrampProviders({ settings, manifest: sandbox, fetch })
  expect(configured.source).toBe('settings')
  expect(configured.providers.map((provider) => [provider.info, provider.feePercent])).toEqual([
    [{ id: 'moonpay', name: 'MoonPay', feeRange: '1.5%' }, 1.5],
  ])
  expect(settings.LATCH_ONRAMP_MOONPAY_API_URL).toBe('https://api.moonpay.com')
  expect(settings.LATCH_ONRAMP_COINBASE_CHECKOUT_URL).toBe(
    'https://pay.coinbase.com/buy/select-asset',
  )
})

test('a provider without its key or secret, or with a secret that is no key, stops the start', () => {
  const missing = () =>
    createOnrampProviders({
      settings: parseConfig({
        LATCH_ONRAMP_PROVIDERS: 'coinbase,moonpay',
        LATCH_ONRAMP_COINBASE_API_KEY: 'k',
      }),
      fetch,
    })
  expect(missing).toThrow(InvalidEnvError)
  expect(missing).toThrowErrorMatchingInlineSnapshot(`
    [InvalidEnvError: Invalid environment variables: LATCH_ONRAMP_COINBASE_SECRET.
    - LATCH_ONRAMP_COINBASE_SECRET: Required: LATCH_ONRAMP_PROVIDERS names coinbase.]
  `)
  const bad = () =>
    createOnrampProviders({
      settings: parseConfig({
        LATCH_ONRAMP_PROVIDERS: 'coinbase',
        LATCH_ONRAMP_COINBASE_API_KEY: 'k',
        LATCH_ONRAMP_COINBASE_SECRET: 'not a key',
      }),
      fetch,
    })
  expect(bad).toThrow('Invalid environment variables: LATCH_ONRAMP_COINBASE_SECRET.')
})
