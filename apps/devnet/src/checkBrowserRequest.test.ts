import { expect, test } from 'vitest'
import { checkBrowserRequest } from './checkBrowserRequest.ts'

const verdict = (origin: string | undefined, host: string | undefined = '127.0.0.1:4174') => {
  const result = checkBrowserRequest({
    origin,
    host,
    allowedOrigins: ['https://wallet.example'],
    allowedHosts: ['192.168.1.20'],
  })
  return result.allowed ? 'allowed' : result.code
}

test('Node clients, loopback pages, extensions and configured origins pass', () => {
  expect(
    [
      undefined,
      'http://127.0.0.1:4170',
      'http://localhost:5173',
      'http://[::1]:4170',
      'https://localhost',
      'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn',
      'moz-extension://0c1a7a3e-2f1b-4a55-8f7e-2d3b9f0e8c11',
      'https://wallet.example',
      'http://192.168.1.20:4170',
    ].map((origin) => verdict(origin)),
  ).toEqual(Array(9).fill('allowed'))
})

test('other sites, opaque and odd origins are refused', () => {
  expect(
    [
      'https://evil.example',
      'null',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example:4170',
      'https://wallet.example.evil',
      'file://',
      'http://127.0.0.1:4170/path',
      'chrome-extension://../evil',
      `http://localhost:4170${'0'.repeat(400)}`,
      'javascript:alert(1)',
    ].map((origin) => verdict(origin)),
  ).toEqual(Array(10).fill('FORBIDDEN_ORIGIN'))
})

test('a Host that is not loopback or configured is refused (DNS rebinding)', () => {
  expect(
    [
      'attacker.example:4174',
      '127.0.0.1.nip.io',
      'localhost@evil',
      '',
      'x'.repeat(400),
      '127.0.0.1:4174/..',
    ].map((host) => verdict(undefined, host)),
  ).toEqual(Array(6).fill('FORBIDDEN_HOST'))
  expect(
    ['localhost', 'LOCALHOST:4174', '[::1]:4174', '127.0.0.1', '192.168.1.20:4174'].map((host) =>
      verdict('http://127.0.0.1:4170', host),
    ),
  ).toEqual(Array(5).fill('allowed'))
  expect(
    checkBrowserRequest({ origin: 'https://evil.example', host: 'evil.example' }),
  ).toMatchInlineSnapshot(`
    {
      "allowed": false,
      "code": "FORBIDDEN_HOST",
      "message": "Host "evil.example" is not served here: use 127.0.0.1 or localhost.",
    }
  `)
})
