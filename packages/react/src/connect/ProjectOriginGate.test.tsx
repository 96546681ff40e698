import { type FetchLike, loadProjectOriginCheck } from '@latch/core'
import { createApiTestConfig } from '@latch/test'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { ProjectOriginGate } from './ProjectOriginGate.tsx'

/**
 * Renders the gate around the wallet list after core's cached check has run (as it has by the
 * time the modal shows its answer), against an API answering `allowedOrigins`.
 */
async function renderGate(origin: string, allowedOrigins: string[] | 'not found') {
  const urls: string[] = []
  const fetch: FetchLike = async (url) => {
    urls.push(url)
    return allowedOrigins === 'not found'
      ? {
          ok: false,
          status: 404,
          json: async () => ({ error: { code: 'NOT_FOUND', message: 'Not found' } }),
        }
      : { ok: true, status: 200, json: async () => ({ allowedOrigins }) }
  }
  const config = createApiTestConfig(fetch, { apiUrl: 'http://api.test' })
  await loadProjectOriginCheck(config, origin)
  const value = {
    config,
    modal: {},
    i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
    queryClient: { current: undefined },
  } as React.ComponentProps<typeof LatchContext.Provider>['value']
  const html = renderToStaticMarkup(
    <LatchContext.Provider value={value}>
      <ProjectOriginGate origin={origin}>
        <button type="button">Test Wallet</button>
      </ProjectOriginGate>
    </LatchContext.Provider>,
  )
  return { html, urls }
}

test('an origin the project allows: the wallets, after one GET /projects/v1/origins', async () => {
  const { html, urls } = await renderGate('https://app.shop.example', ['https://*.shop.example'])
  expect(html).toContain('Test Wallet')
  expect(html).not.toContain('Invalid App Configuration')
  expect(urls).toEqual(['http://api.test/projects/v1/origins?projectId=abc'])
})

test("an origin the project does not allow: 'Invalid App Configuration' in place of the wallets", async () => {
  const { html } = await renderGate('https://evil.test', ['https://*.shop.example'])
  expect(html).not.toContain('Test Wallet')
  expect(html).toContain('Invalid App Configuration')
  expect(html).toContain(en['alert.originNotAllowed.text'].replaceAll("'", '&#x27;'))
})

test('a project with no origin at all: the unverified-domain alert', async () => {
  const { html } = await renderGate('https://app.shop.example', [])
  expect(html).not.toContain('Test Wallet')
  expect(html).toContain('Invalid App Configuration')
  expect(html).toContain(en['alert.unverifiedDomain.text'])
})

test('an API that cannot answer: the wallets (the API still checks each call)', async () => {
  const { html } = await renderGate('https://evil.test', 'not found')
  expect(html).toContain('Test Wallet')
  expect(html).not.toContain('Invalid App Configuration')
})
