import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import type { FetchLike } from '../types.ts'
import { getAccountNames } from './getAccountNames.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function configAnswering(body: unknown, status = 200) {
  const urls: string[] = []
  const fetch: FetchLike = async (url) => {
    urls.push(url)
    return { ok: status < 400, status, json: async () => body }
  }
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test/',
    projectId: 'p',
    fetch,
  })
  return { config, urls }
}

describe('getAccountNames', () => {
  it("lists the address's names, newest first as the API gives them", async () => {
    const profile = {
      name: 'alice.latch.id',
      addresses: { '60': { address, created: '2026-11-21T12:00:00.000Z' } },
      attributes: [],
      registered_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
      created_at: '2026-11-21T12:00:00.000Z',
    }
    const { config, urls } = configAnswering([profile])
    await expect(getAccountNames(config, { address })).resolves.toEqual([profile])
    expect(urls).toEqual([`http://api.test/v1/profile/reverse/${address}?projectId=p`])
  })

  it('an answer that breaks the contract is the same error, naming the field', async () => {
    const { config } = configAnswering([{ name: 'alice.latch.id' }])
    await expect(getAccountNames(config, { address })).rejects.toMatchObject({
      shortMessage: 'Error fetching names for address.',
      details: expect.stringContaining('at 0.addresses'),
    })
  })

  it('fails with "Error fetching names for address."', async () => {
    const { config } = configAnswering({ nope: true })
    await expect(getAccountNames(config, { address })).rejects.toThrow(
      'Error fetching names for address.',
    )
  })
})
