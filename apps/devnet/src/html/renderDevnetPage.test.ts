import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { escapeHtml } from './escapeHtml.ts'
import { getDevnetPageCsp } from './getDevnetPageCsp.ts'
import { renderDevnetPage } from './renderDevnetPage.ts'

test('escapeHtml escapes content and attribute characters', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
  )
})

test('the CSP allows the page style by its hash only, no script, and forms where asked', () => {
  const style = 'body{color:red}'
  const hash = createHash('sha256').update(style).digest('base64')
  expect(getDevnetPageCsp({ style })).toBe(
    `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  )
  expect(getDevnetPageCsp({ style, formAction: ["'self'", 'http://127.0.0.1:4171'] })).toContain(
    "form-action 'self' http://127.0.0.1:4171;",
  )
})

test('the page escapes its title and carries its style and referrer policy', () => {
  const html = renderDevnetPage({ title: '<x>', style: 'p{}', body: '<p>hi</p>' })
  expect(html).toContain('<title>&lt;x&gt;</title>')
  expect(html).toContain('<style>p{}</style>')
  expect(html).toContain('<meta name="referrer" content="no-referrer">')
  expect(html).toContain('<body>\n<p>hi</p>\n</body>')
  expect(renderDevnetPage({ title: 't', style: '', body: '', referrer: 'same-origin' })).toContain(
    'content="same-origin"',
  )
})
