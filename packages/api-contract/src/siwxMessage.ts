/**
 * The CAIP-122 ("Sign-In with X") message of a Solana or Bitcoin account, as the API's
 * `POST /v1/sessions` reads it: EIP-4361's layout with "Solana" or "Bitcoin" in the header,
 * the namespace's address on the second line and the CAIP-2 chain id in `Chain ID`. No zod:
 * a web page builds it without loading the schemas.
 */

/** The namespaces whose accounts sign in with a CAIP-122 message. */
export type SiwxNamespace = 'solana' | 'bip122'

/** The header word of each namespace (`... sign in with your Solana account:`). */
export const siwxAccountWords = { solana: 'Solana', bip122: 'Bitcoin' } as const

export type CreateSiwxMessageParameters = {
  /** The page's host (`location.host`). */
  domain: string
  /** The account's address: base58 (Solana) or the Bitcoin payment address. */
  address: string
  /** One line, e.g. "Sign in to Latch." */
  statement?: string | undefined
  /** The page's origin (`location.origin`). */
  uri: string
  /** CAIP-2 id of the network: `solana:{genesis hash prefix}` or `bip122:{genesis hash prefix}`. */
  chainId: string
  /** The API's one-time nonce (`POST /v1/auth/nonce`). */
  nonce: string
  issuedAt: Date
  expirationTime?: Date | undefined
}

/** The namespace of a CAIP-2 id when its accounts sign in with CAIP-122, else undefined. */
export function getSiwxNamespaceOf(caipNetworkId: string): SiwxNamespace | undefined {
  if (caipNetworkId.startsWith('solana:')) return 'solana'
  if (caipNetworkId.startsWith('bip122:')) return 'bip122'
  return undefined
}

/** Whether `message` is a Solana or Bitcoin sign-in message (by its first line), and which. */
export function getSiwxMessageNamespace(message: string): SiwxNamespace | undefined {
  const first = message.slice(0, Math.max(0, message.indexOf('\n')))
  if (first.endsWith(' wants you to sign in with your Solana account:')) return 'solana'
  if (first.endsWith(' wants you to sign in with your Bitcoin account:')) return 'bip122'
  return undefined
}

/**
 * Writes the CAIP-122 sign-in message of a Solana or Bitcoin account (LF line endings, no
 * trailing line break, one-line statement). Throws a plain Error naming a field the API would
 * refuse (a chain of another namespace, a statement with a line break, a short nonce).
 */
export function createSiwxMessage(parameters: CreateSiwxMessageParameters): string {
  const namespace = getSiwxNamespaceOf(parameters.chainId)
  if (!namespace || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(parameters.chainId))
    throw new Error(
      `Chain ID "${parameters.chainId}" is not a Solana or Bitcoin CAIP-2 id (solana:... or bip122:...).`,
    )
  if (!/^[a-zA-Z0-9]{14,90}$/.test(parameters.address))
    throw new Error(`"${parameters.address}" is not a ${siwxAccountWords[namespace]} address.`)
  if (!/^[a-zA-Z0-9]{8,}$/.test(parameters.nonce))
    throw new Error('The nonce must be at least 8 letters or digits.')
  if (parameters.statement !== undefined && /[\n\r]/.test(parameters.statement))
    throw new Error('The statement must be one line.')
  return [
    `${parameters.domain} wants you to sign in with your ${siwxAccountWords[namespace]} account:`,
    parameters.address,
    '',
    // Without a statement, two empty lines (EIP-4361's layout).
    ...(parameters.statement ? [parameters.statement, ''] : ['']),
    `URI: ${parameters.uri}`,
    'Version: 1',
    `Chain ID: ${parameters.chainId}`,
    `Nonce: ${parameters.nonce}`,
    `Issued At: ${parameters.issuedAt.toISOString()}`,
    ...(parameters.expirationTime
      ? [`Expiration Time: ${parameters.expirationTime.toISOString()}`]
      : []),
  ].join('\n')
}
