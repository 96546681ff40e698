import { ParsedMessage } from '@spruceid/siwe-parser'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { parseSignInMessage } from './parseSignInMessage.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const full: SiweMessage = {
  scheme: 'http',
  domain: 'localhost:4170',
  address,
  statement: 'Sign in to Latch.',
  uri: 'http://localhost:4170/account',
  version: '1',
  chainId: 31337,
  nonce: 'abcdef0123456789',
  issuedAt: new Date('2024-01-02T03:04:05.678Z'),
  expirationTime: new Date('2024-01-03T00:00:00.000Z'),
  notBefore: new Date('2024-01-02T00:00:00.000Z'),
  requestId: 'request-1',
  resources: ['https://example.com/my-claim.json', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3/'],
}
const minimal: SiweMessage = {
  domain: 'app.example.com',
  address,
  uri: 'https://app.example.com',
  version: '1',
  chainId: 1,
  nonce: '32891756',
  issuedAt: new Date('2024-01-02T03:04:05.000Z'),
}

/** The EIP-4361 example, written by hand (no scheme, no milliseconds, resources). */
const handWritten = [
  'service.invalid wants you to sign in with your Ethereum account:',
  '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  '',
  'I accept the ServiceOrg Terms of Service: https://service.invalid/tos',
  '',
  'URI: https://service.invalid/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2021-09-30T16:25:24Z',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
].join('\n')

/** spruceid's ABNF parser's fields, dates as instants, so both parsers can be compared. */
function parseWithSpruce(message: string) {
  const { uriElements: _, ...parsed } = { ...new ParsedMessage(message) }
  const instant = (value: string | undefined) => value && new Date(value).toISOString()
  return withoutUndefined({
    ...parsed,
    issuedAt: instant(parsed.issuedAt),
    expirationTime: instant(parsed.expirationTime),
    notBefore: instant(parsed.notBefore),
  })
}

function parseWithLatch(message: string) {
  const parsed = parseSignInMessage(message)
  return withoutUndefined({
    ...parsed,
    issuedAt: parsed.issuedAt.toISOString(),
    expirationTime: parsed.expirationTime?.toISOString(),
    notBefore: parsed.notBefore?.toISOString(),
  })
}

function withoutUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined))
}

function failure(run: () => unknown): string | undefined {
  try {
    run()
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

describe('agrees with an independent EIP-4361 parser (@spruceid/siwe-parser)', () => {
  test('every field of a message written by viem', () => {
    const message = createSiweMessage(full)
    const spruce = parseWithSpruce(message)
    expect(spruce).toEqual({
      ...full,
      issuedAt: '2024-01-02T03:04:05.678Z',
      expirationTime: '2024-01-03T00:00:00.000Z',
      notBefore: '2024-01-02T00:00:00.000Z',
    })
    expect(parseWithLatch(message)).toEqual(spruce)
  })

  test('a message with only the required fields', () => {
    const message = createSiweMessage(minimal)
    const spruce = parseWithSpruce(message)
    expect(spruce).toEqual({ ...minimal, issuedAt: '2024-01-02T03:04:05.000Z' })
    expect(parseWithLatch(message)).toEqual(spruce)
  })

  test('a message written by hand in the EIP-4361 example style', () => {
    const spruce = parseWithSpruce(handWritten)
    expect(spruce).toMatchObject({
      domain: 'service.invalid',
      issuedAt: '2021-09-30T16:25:24.000Z',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    })
    expect(parseWithLatch(handWritten)).toEqual(spruce)
  })

  const message = createSiweMessage(full)
  const refused: [string, string][] = [
    ['CRLF line endings', message.replaceAll('\n', '\r\n')],
    ['no Nonce line', message.replace(/\nNonce: .*/, '')],
    ['no Issued At line', message.replace(/\nIssued At: .*/, '')],
    ['no URI line', message.replace(/\nURI: .*/, '')],
    ['no Version line', message.replace(/\nVersion: .*/, '')],
    ['no Chain ID line', message.replace(/\nChain ID: .*/, '')],
    ['no address', message.replace(`${address}\n`, '')],
    ['a lower-case (unchecksummed) address', message.replace(address, address.toLowerCase())],
    ['a trailing line break', `${message}\n`],
    ['one empty line before the URI', createSiweMessage(minimal).replace('\n\n\n', '\n\n')],
    ['lines out of order', message.replace(/(Version: 1)\n(Chain ID: 31337)/, '$2\n$1')],
    ['a short nonce', message.replace('abcdef0123456789', 'abc')],
    [
      'a date that is not RFC 3339',
      message.replace('2024-01-03T00:00:00.000Z', '2024-01-03T00:00'),
    ],
    ['an unknown line', message.replace('\nResources:', '\nColour: blue\nResources:')],
  ]
  test.each(refused)('both refuse %s', (_, text) => {
    expect(() => new ParsedMessage(text)).toThrow()
    expect(() => parseSignInMessage(text)).toThrow(/not a valid EIP-4361 message/)
  })
})

test('each refusal names the problem', () => {
  const message = createSiweMessage(full)
  const reasons = {
    crlf: failure(() => parseSignInMessage(message.replaceAll('\n', '\r\n'))),
    noNonce: failure(() => parseSignInMessage(message.replace(/\nNonce: .*/, ''))),
    lowerCase: failure(() => parseSignInMessage(message.replace(address, address.toLowerCase()))),
    trailing: failure(() => parseSignInMessage(`${message}\n`)),
    oneBlank: failure(() =>
      parseSignInMessage(createSiweMessage(minimal).replace('\n\n\n', '\n\n')),
    ),
    badDate: failure(() =>
      parseSignInMessage(message.replace('2024-01-03T00:00:00.000Z', '2024-01-03T00:00')),
    ),
    version: failure(() => parseSignInMessage(message.replace('Version: 1', 'Version: 2'))),
  }
  expect(reasons).toMatchInlineSnapshot(`
    {
      "badDate": "The sign-in message is not a valid EIP-4361 message: its Expiration Time is not an RFC 3339 date-time.",
      "crlf": "The sign-in message is not a valid EIP-4361 message: its lines must end with LF alone, not CRLF.",
      "lowerCase": "The sign-in message is not a valid EIP-4361 message: the address "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" is not EIP-55 checksummed.",
      "noNonce": "The sign-in message is not a valid EIP-4361 message: its "Nonce:" line is missing or out of order.",
      "oneBlank": "The sign-in message is not a valid EIP-4361 message: the URI line must follow two empty lines (or a statement between empty lines).",
      "trailing": "The sign-in message is not a valid EIP-4361 message: it must not end with a line break.",
      "version": "The sign-in message is not a valid EIP-4361 message: its version is "2", not "1".",
    }
  `)
})

describe('refuses what could hide what is signed', () => {
  const message = createSiweMessage(full)
  test.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
    ['LEFT-TO-RIGHT ISOLATE', '\u2066'],
    ['RIGHT-TO-LEFT MARK', '\u200f'],
    ['ZERO WIDTH SPACE', '\u200b'],
    ['LINE SEPARATOR', '\u2028'],
    ['BOM', '\ufeff'],
  ])('a %s character', (_, character) => {
    const text = message.replace('Sign in to Latch.', `Sign in to ${character}Latch.`)
    const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')
    expect(() => parseSignInMessage(text)).toThrow(
      `The sign-in message is not a valid EIP-4361 message: it holds the control or bidirectional character U+${code}, which could hide what is signed.`,
    )
  })
})

describe('refuses impossible dates', () => {
  const message = createSiweMessage(full)
  const withExpiration = (value: string) => message.replace('2024-01-03T00:00:00.000Z', value)
  test.each([
    ['February 30th', '2026-02-30T00:00:00Z'],
    ['February 29th of a common year', '2025-02-29T00:00:00Z'],
    ['April 31st', '2026-04-31T00:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['month 0', '2026-00-10T00:00:00Z'],
    ['day 0', '2026-01-00T00:00:00Z'],
    ['hour 25', '2026-01-01T25:00:00Z'],
    ['minute 60', '2026-01-01T00:60:00Z'],
    ['second 60', '2026-01-01T00:00:60Z'],
    ['an offset of 24 hours', '2026-01-01T00:00:00+24:00'],
  ])('%s', (_, value) => {
    expect(() => parseSignInMessage(withExpiration(value))).toThrow(
      'The sign-in message is not a valid EIP-4361 message: its Expiration Time is not an RFC 3339 date-time.',
    )
  })
  test('and reads real ones, a leap day and offsets included', () => {
    expect(parseSignInMessage(withExpiration('2024-02-29T23:59:59Z')).expirationTime).toEqual(
      new Date('2024-02-29T23:59:59Z'),
    )
    expect(parseSignInMessage(withExpiration('2024-03-01T01:30:00+02:00')).expirationTime).toEqual(
      new Date('2024-02-29T23:30:00Z'),
    )
  })
})

describe('a message WalletConnect one-click auth signs', () => {
  // What @walletconnect/utils' formatMessage writes for a CACAO answering Latch's request
  // (wc_sessionAuthenticate): the ReCap's sentence joins the statement, and its URN is the one
  // resource. Generated with the SDK (2.25.0), kept literal so the API needs no WalletConnect.
  const statement =
    "Sign in to Latch. I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'eth_sendTransaction', 'eth_signTypedData_v4', 'personal_sign', 'wallet_addEthereumChain', 'wallet_switchEthereumChain' for 'eip155'."
  const recap =
    'urn:recap:eyJhdHQiOnsiZWlwMTU1Ijp7InJlcXVlc3QvZXRoX3NlbmRUcmFuc2FjdGlvbiI6W3siY2hhaW5zIjpbImVpcDE1NTozMTMzNyJdfV0sInJlcXVlc3QvZXRoX3NpZ25UeXBlZERhdGFfdjQiOlt7ImNoYWlucyI6WyJlaXAxNTU6MzEzMzciXX1dLCJyZXF1ZXN0L3BlcnNvbmFsX3NpZ24iOlt7ImNoYWlucyI6WyJlaXAxNTU6MzEzMzciXX1dLCJyZXF1ZXN0L3dhbGxldF9hZGRFdGhlcmV1bUNoYWluIjpbeyJjaGFpbnMiOlsiZWlwMTU1OjMxMzM3Il19XSwicmVxdWVzdC93YWxsZXRfc3dpdGNoRXRoZXJldW1DaGFpbiI6W3siY2hhaW5zIjpbImVpcDE1NTozMTMzNyJdfV19fX0'
  const message = [
    '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
    address,
    '',
    statement,
    '',
    'URI: http://127.0.0.1:5173',
    'Version: 1',
    'Chain ID: 31337',
    'Nonce: Nf3kq9Zt2LmX8pQr',
    'Issued At: 2026-11-25T21:00:00.000Z',
    'Expiration Time: 2026-11-26T21:00:00.000Z',
    'Resources:',
    `- ${recap}`,
  ].join('\n')

  test('passes the layout checks and reads every field, as siwe-parser reads it', () => {
    expect(parseSignInMessage(message)).toMatchObject({
      domain: '127.0.0.1:5173',
      address,
      statement,
      uri: 'http://127.0.0.1:5173',
      version: '1',
      chainId: 31337,
      nonce: 'Nf3kq9Zt2LmX8pQr',
      issuedAt: new Date('2026-11-25T21:00:00.000Z'),
      expirationTime: new Date('2026-11-26T21:00:00.000Z'),
      resources: [recap],
    })
    const strict = new ParsedMessage(message)
    expect([strict.domain, strict.chainId, strict.nonce, strict.resources]).toEqual([
      '127.0.0.1:5173',
      31337,
      'Nf3kq9Zt2LmX8pQr',
      [recap],
    ])
  })
})
