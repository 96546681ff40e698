import { InvalidSignInMessageError } from '../../errors/session.ts'
import { hiddenCharacterRegex, isCalendarDateTime } from './parseSignInMessage.ts'

/** The fields of a CAIP-122 sign-in message of a Solana or Bitcoin account. */
export type SiwxMessage = {
  namespace: 'solana' | 'bip122'
  scheme?: string | undefined
  domain: string
  address: string
  statement?: string | undefined
  uri: string
  version: '1'
  /** CAIP-2, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/** The header word of each namespace (`... sign in with your Solana account:`). */
const accountWords = { solana: 'Solana', bip122: 'Bitcoin' } as const

/** Whether a message is a Solana or Bitcoin sign-in message (by its first line). */
export function getSiwxNamespace(message: string): 'solana' | 'bip122' | undefined {
  const first = message.slice(0, message.indexOf('\n'))
  if (first.endsWith(' wants you to sign in with your Solana account:')) return 'solana'
  if (first.endsWith(' wants you to sign in with your Bitcoin account:')) return 'bip122'
  return undefined
}

const fieldLines = [
  { tag: 'URI: ', key: 'uri', required: true, value: /^\S+$/ },
  { tag: 'Version: ', key: 'version', required: true, value: /^1$/ },
  {
    tag: 'Chain ID: ',
    key: 'chainId',
    required: true,
    value: /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/,
  },
  { tag: 'Nonce: ', key: 'nonce', required: true, value: /^[a-zA-Z0-9]{8,}$/ },
  { tag: 'Issued At: ', key: 'issuedAt', required: true, value: /^\S+$/ },
  { tag: 'Expiration Time: ', key: 'expirationTime', required: false, value: /^\S+$/ },
  { tag: 'Not Before: ', key: 'notBefore', required: false, value: /^\S+$/ },
  { tag: 'Request ID: ', key: 'requestId', required: false, value: /^\S*$/ },
] as const

/**
 * Reads a CAIP-122 ("Sign-In with X") message of a Solana or Bitcoin account: EIP-4361's
 * layout with "Solana" or "Bitcoin" in the header, the namespace's address on the second line
 * and the CAIP-2 chain id (`solana:...`, `bip122:...`) in `Chain ID`, as AppKit's SIWX and
 * Sign In With Solana write it. The same rules as for EVM: LF only, no hidden characters,
 * every line in its place. Throws `InvalidSignInMessageError` naming the first problem.
 */
export function parseSiwxMessage(message: string): SiwxMessage {
  const fail = (reason: string): never => {
    throw new InvalidSignInMessageError({ reason })
  }
  if (message.includes('\r')) fail('its lines must end with LF alone, not CRLF.')
  const hidden = hiddenCharacterRegex.exec(message)
  if (hidden)
    fail(
      `it holds the control or bidirectional character U+${hidden[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}, which could hide what is signed.`,
    )
  const namespace = getSiwxNamespace(message)
  if (!namespace)
    return fail(
      'its first line must be "<domain> wants you to sign in with your Solana account:" (or Bitcoin).',
    )
  const lines = message.split('\n')
  const [first = '', address = '', blank = ''] = lines
  const header = first.slice(
    0,
    -` wants you to sign in with your ${accountWords[namespace]} account:`.length,
  )
  if (!/^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?[^\s/?#@]+$/.test(header))
    fail('its first line must start with the domain.')
  if (!/^[a-zA-Z0-9]{14,90}$/.test(address)) fail('its second line must be the address.')
  if (blank !== '') fail('an empty line must follow the address.')
  let index = 3
  let statement: string | undefined
  if (lines[index] !== '') {
    if (lines[index]?.startsWith('URI: '))
      fail('the URI line must follow two empty lines (or a statement between empty lines).')
    statement = lines[index]
    index++
    if (lines[index] !== '') fail('an empty line must follow the statement.')
  }
  index++
  const values: Partial<Record<(typeof fieldLines)[number]['key'], string>> = {}
  for (const { tag, key, required, value } of fieldLines) {
    const line = lines[index]
    if (line?.startsWith(tag)) {
      const text = line.slice(tag.length)
      if (!value.test(text)) fail(`its "${tag.trim()}" line has a malformed value.`)
      values[key] = text
      index++
    } else if (required) fail(`its "${tag.trim()}" line is missing or out of order.`)
  }
  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    index++
    resources = []
    while (/^- \S+$/.test(lines[index] ?? '')) resources.push((lines[index++] ?? '').slice(2))
  }
  if (index < lines.length)
    fail(
      index === lines.length - 1 && lines[index] === ''
        ? 'it must not end with a line break.'
        : `line ${index + 1} is not a sign-in message line.`,
    )
  const chainId = values.chainId ?? ''
  if (!chainId.startsWith(`${namespace}:`))
    fail(`its Chain ID "${chainId}" is not a ${accountWords[namespace]} chain (${namespace}:...).`)
  const date = (label: string, text: string | undefined) => {
    if (text === undefined) return undefined
    if (!isCalendarDateTime(text)) fail(`its ${label} is not an RFC 3339 date-time.`)
    return new Date(text)
  }
  return {
    namespace,
    scheme: /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(header)?.[1],
    domain: header.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//, ''),
    address,
    statement,
    uri: values.uri ?? '',
    version: '1',
    chainId,
    nonce: values.nonce ?? '',
    issuedAt: date('Issued At', values.issuedAt) ?? new Date(Number.NaN),
    expirationTime: date('Expiration Time', values.expirationTime),
    notBefore: date('Not Before', values.notBefore),
    requestId: values.requestId,
    resources,
  }
}
