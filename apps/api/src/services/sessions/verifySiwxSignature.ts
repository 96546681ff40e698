import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { Verifier } from 'bip322-js'
import { InvalidRequestError } from '../../errors/request.ts'
import { maxSignatureBytes } from './verifySignature.ts'

/**
 * Whether `signature` is `address`'s signature of `message` in its namespace:
 * - solana: ed25519 over the message's UTF-8 bytes (what `signMessage` of the Wallet Standard
 *   and Sign In With Solana sign), the signature in base58 (64 bytes) or 0x hex, the public key
 *   being the address itself;
 * - bip122: a BIP-322 simple or full signature (P2WPKH, P2TR, P2SH-P2WPKH) or a legacy signed
 *   message (P2PKH, the base64 of `signmessage`), through `bip322-js`'s `Verifier`.
 * A signature that cannot be decoded is a clear 400; one that does not verify is `false`.
 */
export function verifySiwxSignature({
  namespace,
  address,
  message,
  signature,
}: {
  namespace: 'solana' | 'bip122'
  address: string
  message: string
  signature: string
}): boolean {
  if (signature.length > maxSignatureBytes * 2)
    throw new InvalidRequestError({ message: 'signature is too long.' })
  if (namespace === 'solana') {
    const bytes = decodeSolanaSignature(signature)
    const publicKey = new Uint8Array(getBase58Encoder().encode(address))
    if (publicKey.length !== 32) return false
    try {
      return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey, { zip215: false })
    } catch {
      return false
    }
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature))
    throw new InvalidRequestError({
      message: 'signature must be base64 (a BIP-322 or legacy Bitcoin message signature).',
    })
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    // bip322-js throws on a signature it cannot parse or an address type it does not sign.
    return false
  }
}

/** A Solana signature: base58 or 0x hex, 64 bytes. */
function decodeSolanaSignature(signature: string): Uint8Array {
  let bytes: Uint8Array | undefined
  if (/^0x(?:[0-9a-fA-F]{2})+$/.test(signature))
    bytes = Uint8Array.from(Buffer.from(signature.slice(2), 'hex'))
  else if (/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature))
    bytes = new Uint8Array(getBase58Encoder().encode(signature))
  if (bytes?.length !== 64)
    throw new InvalidRequestError({
      message: 'signature must be a Solana signature: 64 bytes in base58 or 0x hex.',
    })
  return bytes
}
