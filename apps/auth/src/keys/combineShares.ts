import { combine } from 'shamir-secret-sharing'
import { bytesToHex, type Hex } from 'viem'
import { InvalidShareError } from '../errors/keys.ts'
import { isValidPrivateKey } from './isValidPrivateKey.ts'
import { shareLength } from './shareLength.ts'

/**
 * Combines two of the three shares from `splitKey` into the private key, in memory only; the
 * caller drops the key once it has signed. Throws `InvalidShareError` when a share is
 * malformed, both are the same share, or the result is not a valid secp256k1 key.
 */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Hex> {
  for (const share of [a, b]) {
    if (!(share instanceof Uint8Array) || share.length !== shareLength) {
      throw new InvalidShareError(`expected ${shareLength} bytes`)
    }
  }
  // The last byte is the share's x coordinate: the same x means the same share twice.
  if (a[shareLength - 1] === b[shareLength - 1]) {
    throw new InvalidShareError('both shares are the same share')
  }
  let secret: Uint8Array
  try {
    secret = await combine([a, b])
  } catch (cause) {
    throw new InvalidShareError('the shares cannot be combined', { cause })
  }
  try {
    if (!isValidPrivateKey(secret)) {
      throw new InvalidShareError('the shares do not give a valid private key')
    }
    return bytesToHex(secret)
  } finally {
    secret.fill(0)
  }
}
