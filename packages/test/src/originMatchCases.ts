const localhost = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*']

/**
 * Allowed-origin patterns, a page origin, and whether the patterns allow it: the cases both
 * the API's matcher (`createOriginMatcher`) and the connect modal's (`isOriginAllowed` in
 * `@latch/core`) are tested with, so the two keep one meaning.
 */
export const originMatchCases: readonly [readonly string[], string, boolean][] = [
  [localhost, 'http://localhost:4170', true],
  [localhost, 'http://localhost', true],
  [localhost, 'http://127.0.0.1:5173', true],
  [localhost, 'http://[::1]:5173', true],
  [localhost, 'https://localhost:4170', false],
  [localhost, 'http://localhost.evil.test', false],
  [localhost, 'http://localhost:4170.evil.test', false],
  [localhost, 'http://evil.localhost:4170', false],
  [localhost, 'http://127.0.0.2:80', false],
  [['https://*.example.com'], 'https://app.example.com', true],
  [['https://*.example.com'], 'https://a.b.example.com', true],
  [['https://*.example.com'], 'https://APP.Example.COM', true],
  [['https://*.example.com'], 'https://example.com', false],
  [['https://*.example.com'], 'https://evilexample.com', false],
  [['https://*.example.com'], 'https://app.example.com.evil.test', false],
  [['https://*.example.com'], 'https://app.example.com:8443', false],
  [['https://*.example.com'], 'http://app.example.com', false],
  [['https://*.example.com'], 'https://a..example.com', false],
  [['https://*.example.com:*'], 'https://app.example.com:8443', true],
  [['https://App.Test/'], 'https://app.test', true],
  [['https://app.test'], 'https://app.test:443', true],
  [['https://app.test:443'], 'https://app.test', true],
  [['https://app.test:8443'], 'https://app.test', false],
  [['https://app.test'], 'https://app.tes', false],
  [['https://app.test'], 'https://appxtest', false],
  [['https://app.test'], 'https://sub.app.test', false],
  [['https://app.test'], 'null', false],
  [['https://app.test', 'http://*.dev.test:*'], 'http://a.dev.test:1', true],
  [['*'], 'https://anything.test', true],
  [[], 'http://localhost:4170', false],
]
