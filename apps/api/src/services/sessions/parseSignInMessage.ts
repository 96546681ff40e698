import { type Address, getAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { InvalidSignInMessageError } from '../../errors/session.ts'

/** The fields of an EIP-4361 message, every required one present. */
export type SignInMessage = {
  scheme?: string | undefined
  domain: string
  address: Address
  statement?: string | undefined
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/**
 * Reads an EIP-4361 (Sign-In with Ethereum) message. viem's `parseSiweMessage` reads the
 * fields, but it is lenient (it finds the fields anywhere in the text), so the text is first
 * held to the EIP's line layout: LF line endings, every line in its place and nothing more.
 * Throws `InvalidSignInMessageError` naming the first problem.
 */
export function parseSignInMessage(message: string): SignInMessage {
  const problem = findLayoutProblem(message)
  if (problem) throw new InvalidSignInMessageError({ reason: problem })
  const fields = parseSiweMessage(message)
  const required = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const
  const missing = required.find((field) => fields[field] === undefined)
  if (missing) throw new InvalidSignInMessageError({ reason: `its ${missing} cannot be read.` })
  const { domain, address, uri, version, chainId, nonce, issuedAt } = fields as Required<
    Pick<SignInMessage, (typeof required)[number]>
  >
  if (getAddress(address) !== address)
    throw new InvalidSignInMessageError({
      reason: `the address "${address}" is not EIP-55 checksummed.`,
    })
  if (version !== '1')
    throw new InvalidSignInMessageError({ reason: `its version is "${version}", not "1".` })
  for (const [label, date] of [
    ['Issued At', issuedAt],
    ['Expiration Time', fields.expirationTime],
    ['Not Before', fields.notBefore],
  ] as const)
    if (date && Number.isNaN(date.getTime()))
      throw new InvalidSignInMessageError({
        reason: `its ${label} is not an RFC 3339 date-time.`,
      })
  return { ...fields, domain, address, uri, version, chainId, nonce, issuedAt }
}

const headerSuffix = ' wants you to sign in with your Ethereum account:'

/**
 * Characters a wallet may show as nothing or that reorder the text around them: C0 and C1
 * controls but LF, the bidirectional marks, embeddings, overrides and isolates, zero-width
 * characters, line and paragraph separators and the BOM.
 */
export const hiddenCharacterRegex =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u

const dateTags = ['Issued At: ', 'Expiration Time: ', 'Not Before: '] as const

/** RFC 3339's date-time, its fields captured. */
const dateTimeRegex =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/

/**
 * Whether `value` is an RFC 3339 date-time that names a real instant: JavaScript's `Date`
 * rolls 2026-02-30 over to March 2nd, so month, day (leap years too), hour, minute, second
 * and offset are checked here. Leap seconds (:60) are refused: no clock can check them.
 */
export function isCalendarDateTime(value: string): boolean {
  const match = dateTimeRegex.exec(value)
  if (!match) return false
  const [
    year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    second = 0,
    offsetHour = 0,
    offsetMinute = 0,
  ] = match.slice(1).map((part) => Number(part ?? 0))
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return (
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  )
}
/** `[ scheme "://" ] domain`: an RFC 3986 scheme and authority (no path, query or space). */
const headerRegex = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?[^\s/?#@]+$/
const addressRegex = /^0x[0-9a-fA-F]{40}$/

/** The lines after the statement, in the EIP's order: tag, required, and the value's form. */
const fieldLines = [
  { tag: 'URI: ', required: true, value: /^\S+$/ },
  { tag: 'Version: ', required: true, value: /^\S+$/ },
  { tag: 'Chain ID: ', required: true, value: /^[0-9]+$/ },
  { tag: 'Nonce: ', required: true, value: /^[a-zA-Z0-9]{8,}$/ },
  { tag: 'Issued At: ', required: true, value: /^\S+$/ },
  { tag: 'Expiration Time: ', required: false, value: /^\S+$/ },
  { tag: 'Not Before: ', required: false, value: /^\S+$/ },
  { tag: 'Request ID: ', required: false, value: /^\S*$/ },
] as const

/**
 * The first way `message` departs from the EIP-4361 layout, as the end of a sentence; undefined
 * when it follows it:
 *
 *     [scheme://]domain wants you to sign in with your Ethereum account:
 *     address
 *     (empty)
 *     [statement
 *     ](empty)
 *     URI: ... / Version: ... / Chain ID: ... / Nonce: ... / Issued At: ...
 *     [Expiration Time: ...] [Not Before: ...] [Request ID: ...] [Resources: and "- uri" lines]
 */
function findLayoutProblem(message: string): string | undefined {
  if (message.includes('\r')) return 'its lines must end with LF alone, not CRLF.'
  const hidden = hiddenCharacterRegex.exec(message)
  if (hidden)
    return `it holds the control or bidirectional character U+${hidden[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}, which could hide what is signed.`
  const lines = message.split('\n')
  const [first = '', address = '', blank = ''] = lines
  if (!first.endsWith(headerSuffix) || !headerRegex.test(first.slice(0, -headerSuffix.length)))
    return `its first line must be "<domain>${headerSuffix}".`
  if (!addressRegex.test(address))
    return 'its second line must be the address (0x and 40 hex digits).'
  if (blank !== '') return 'an empty line must follow the address.'
  let index = 3
  // `[ statement LF ] LF`: either an empty line, or a statement and then an empty line.
  if (lines[index] !== '') {
    if (lines[index]?.startsWith('URI: '))
      return 'the URI line must follow two empty lines (or a statement between empty lines).'
    index++
    if (lines[index] !== '') return 'an empty line must follow the statement.'
  }
  index++
  for (const { tag, required, value } of fieldLines) {
    const line = lines[index]
    if (line?.startsWith(tag)) {
      if (!value.test(line.slice(tag.length)))
        return `its "${tag.trim()}" line has a malformed value.`
      index++
    } else if (required) return `its "${tag.trim()}" line is missing or out of order.`
  }
  for (const tag of dateTags) {
    const line = lines.find((candidate) => candidate.startsWith(tag))
    if (line && !isCalendarDateTime(line.slice(tag.length)))
      return `its ${tag.slice(0, -2)} is not an RFC 3339 date-time.`
  }
  if (lines[index] === 'Resources:') {
    index++
    while (lines[index]?.startsWith('- ') && /^- \S+$/.test(lines[index] ?? '')) index++
  }
  if (index < lines.length)
    return index === lines.length - 1 && lines[index] === ''
      ? 'it must not end with a line break.'
      : `line ${index + 1} is not an EIP-4361 line.`
  return undefined
}
