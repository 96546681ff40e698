import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import type { FetchLike } from '../types.ts'
import { getNameSuggestions } from './getNameSuggestions.ts'

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

describe('getNameSuggestions', () => {
  it('asks for what was typed and reads the suggestions', async () => {
    const { config, urls } = configAnswering({
      suggestions: [
        { name: 'alice.latch.id', registered: true },
        { name: 'alice1.latch.id', registered: false },
      ],
    })
    await expect(
      getNameSuggestions(config, { name: 'alice', includeRegistered: true }),
    ).resolves.toEqual([
      { name: 'alice.latch.id', registered: true },
      { name: 'alice1.latch.id', registered: false },
    ])
    expect(urls).toEqual([
      'http://api.test/v1/profile/suggestions/alice?projectId=p&includeRegistered=true',
    ])
  })

  it('an answer that breaks the contract is the same error', async () => {
    const { config } = configAnswering({ suggestions: [{ name: 42 }] })
    await expect(getNameSuggestions(config, { name: 'alice' })).rejects.toMatchObject({
      shortMessage: 'Error fetching name suggestions.',
      details: expect.stringContaining('at suggestions.0.name'),
    })
  })

  it('fails with "Error fetching name suggestions."', async () => {
    const { config } = configAnswering({ error: { message: 'Down.' } }, 503)
    await expect(
      getNameSuggestions(config, { name: 'alice' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [NameSuggestionsUnavailableError: Error fetching name suggestions.

      Details: Down.]
    `)
  })
})
