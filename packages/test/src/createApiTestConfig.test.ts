import { getBalance } from '@latch/core'
import { expect, test } from 'vitest'
import { createApiTestConfig } from './createApiTestConfig.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test("a devnet config whose API calls go to the test's fetch, at the API URL it names", async () => {
  const urls: string[] = []
  const config = createApiTestConfig(
    async (url) => {
      urls.push(url)
      return {
        ok: true,
        status: 200,
        json: async () => ({
          balances: [
            {
              name: 'Ether',
              symbol: 'ETH',
              chainId: 'eip155:31337',
              address: 'eip155:31337:0x0000000000000000000000000000000000000000',
              price: 1,
              quantity: { decimals: '18', numeric: '1.5' },
              iconUrl: '',
            },
          ],
        }),
      }
    },
    { apiUrl: 'http://api.example' },
  )
  expect(await getBalance(config, { address, chainId: 31337 })).toMatchObject({
    symbol: 'ETH',
    numeric: '1.5',
  })
  expect(urls).toEqual([
    `http://api.example/v1/account/${address}/balance?projectId=abc&chainId=eip155%3A31337&currency=usd`,
  ])
})
