import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../types.ts'
import { getIdentity } from './getIdentity.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch)

const answer = (body: unknown, status = 200): FetchLike => {
  return async () => ({ ok: status < 400, status, json: async () => body })
}

describe('getIdentity', () => {
  it('asks with the sender and reads no name and no avatar as nulls', async () => {
    const urls: string[] = []
    const config = configWith(async (url) => {
      urls.push(url)
      return answer({ name: null, avatar: null })(url)
    })
    await expect(getIdentity(config, { address })).resolves.toEqual({ name: null, avatar: null })
    expect(urls).toEqual([`http://api.test/v1/identity/${address}?projectId=abc&sender=${address}`])
  })

  it('keeps a name and an avatar the page may load', async () => {
    await expect(
      getIdentity(configWith(answer({ name: 'vitalik.eth', avatar: 'https://img.test/a.png' })), {
        address,
      }),
    ).resolves.toEqual({ name: 'vitalik.eth', avatar: 'https://img.test/a.png' })
    await expect(
      getIdentity(configWith(answer({ name: '  ', avatar: 'javascript:alert(1)' })), { address }),
    ).resolves.toEqual({ name: null, avatar: null })
  })

  it('fails with IdentityUnavailableError', async () => {
    await expect(
      getIdentity(configWith(answer({ error: { message: 'Down.' } }, 503)), { address }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [IdentityUnavailableError: Error fetching names for address.

      Details: Down.]
    `)
  })
})
