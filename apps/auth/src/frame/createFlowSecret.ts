import { toBase64 } from '../keys/toBase64.ts'

export type FlowSecret = {
  /** 32 random bytes, base64url (43 characters): stays in the frame until the flow finishes. */
  secret: string
  /** SHA-256 of the secret's text, lowercase hex: what the API keeps with the flow. */
  hash: string
}

/**
 * A new flow secret for a social or Farcaster sign-in: it binds the flow to this frame, since
 * the API finishes it only for whoever shows the secret whose hash started it.
 */
export async function createFlowSecret(): Promise<FlowSecret> {
  const secret = toBase64(crypto.getRandomValues(new Uint8Array(32)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)),
  )
  const hash = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return { secret, hash }
}
