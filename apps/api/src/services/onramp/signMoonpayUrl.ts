import { createHmac } from 'node:crypto'

/**
 * Signs a MoonPay widget URL the way MoonPay documents: an HMAC-SHA256 of the URL's query
 * (`?` included) with the secret key, base64, appended as `signature`. The widget refuses a
 * URL naming a wallet address without it, so a page cannot swap in another address.
 */
export function signMoonpayUrl(url: URL, secretKey: string): URL {
  const signed = new URL(url)
  signed.searchParams.delete('signature')
  const signature = createHmac('sha256', secretKey).update(signed.search).digest('base64')
  signed.searchParams.set('signature', signature)
  return signed
}
