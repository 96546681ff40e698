import { gcm } from '@noble/ciphers/aes'
import { InvalidSealedShareError, WrongPassphraseError } from '../errors/keys.ts'
import { deriveRecoveryKey } from './deriveRecoveryKey.ts'
import { fromBase64 } from './fromBase64.ts'
import { sealedShareFormat } from './sealedShareFormat.ts'
import { shareLength } from './shareLength.ts'

/**
 * Opens a recovery share sealed by `sealRecoveryShare`. Throws `WrongPassphraseError` when the
 * passphrase does not open it (or the blob was altered: AES-GCM cannot tell the two apart) and
 * `InvalidSealedShareError` when the blob is not one this version can read.
 */
export async function openRecoveryShare(sealed: string, passphrase: string): Promise<Uint8Array> {
  let bytes: Uint8Array
  try {
    bytes = fromBase64(sealed)
  } catch (cause) {
    throw new InvalidSealedShareError('not base64', { cause })
  }
  const { headerLength, saltLength, nonceLength, tagLength } = sealedShareFormat
  if (bytes.length !== headerLength + shareLength + tagLength) {
    throw new InvalidSealedShareError('wrong length')
  }
  if (bytes[0] !== sealedShareFormat.version) {
    throw new InvalidSealedShareError(`unknown version ${bytes[0]}`)
  }
  const log2N = bytes[1] ?? 0
  if (log2N < sealedShareFormat.minLog2N || log2N > sealedShareFormat.maxLog2N) {
    throw new InvalidSealedShareError(`scrypt cost 2^${log2N} out of range`)
  }
  const header = bytes.subarray(0, headerLength)
  const salt = bytes.subarray(2, 2 + saltLength)
  const nonce = bytes.subarray(2 + saltLength, 2 + saltLength + nonceLength)

  const key = await deriveRecoveryKey(passphrase, salt, log2N)
  try {
    return gcm(key, nonce, header).decrypt(bytes.subarray(headerLength))
  } catch (cause) {
    throw new WrongPassphraseError({ cause })
  } finally {
    key.fill(0)
  }
}
