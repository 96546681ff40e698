import { describe, expect, it } from 'vitest'
import { toFrameAncestors } from './toFrameAncestors.ts'

describe('toFrameAncestors', () => {
  it("keeps the API's default local patterns CSP can express and drops IPv6", () => {
    expect(
      toFrameAncestors(['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*']),
    ).toEqual(['http://localhost:*', 'http://127.0.0.1:*'])
  })

  it('passes exact origins, subdomain wildcards and ports, lower-cased, without a trailing slash', () => {
    expect(
      toFrameAncestors([
        'https://App.Example.com/',
        'https://*.example.com',
        'https://shop.test:8443',
        'https://shop.test:8443',
      ]),
    ).toEqual(['https://app.example.com', 'https://*.example.com', 'https://shop.test:8443'])
  })

  it('a lone * allows every page, as the API does', () => {
    expect(toFrameAncestors(['https://a.test', '*'])).toEqual(['*'])
  })

  it('leaves out what is not an origin pattern (no injection of other directives)', () => {
    expect(
      toFrameAncestors([
        "https://a.test; script-src 'unsafe-inline'",
        'https://a.test/path',
        'ftp://a.test',
        'https://a..test',
        "'self'",
        '',
      ]),
    ).toEqual([])
  })
})
