import { gcm } from '@noble/ciphers/aes'
import { randomBytes } from '@noble/hashes/utils'
import { InvalidPassphraseError, InvalidShareError } from '../errors/keys.ts'
import { deriveRecoveryKey } from './deriveRecoveryKey.ts'
import { getPassphraseProblem } from './getPassphraseProblem.ts'
import { sealedShareFormat } from './sealedShareFormat.ts'
import { shareLength } from './shareLength.ts'
import { toBase64 } from './toBase64.ts'

export type SealRecoveryShareOptions = {
  /** scrypt's cost N, a power of two from 2^10 to 2^18; 2^17 unless a test lowers it. */
  scryptN?: number
}

/**
 * Seals the recovery share with the person's passphrase: scrypt (N = 2^17, r = 8, p = 1) derives
 * an AES-256-GCM key from it and a random salt; the result (base64, see `sealedShareFormat`)
 * carries what `openRecoveryShare` needs and is stored at the API, which cannot open it.
 */
export async function sealRecoveryShare(
  share: Uint8Array,
  passphrase: string,
  options: SealRecoveryShareOptions = {},
): Promise<string> {
  if (!(share instanceof Uint8Array) || share.length !== shareLength) {
    throw new InvalidShareError(`expected ${shareLength} bytes`)
  }
  const problem = getPassphraseProblem(passphrase)
  if (problem) throw new InvalidPassphraseError(problem)
  const log2N = Math.log2(options.scryptN ?? 2 ** sealedShareFormat.defaultLog2N)
  if (
    !Number.isInteger(log2N) ||
    log2N < sealedShareFormat.minLog2N ||
    log2N > sealedShareFormat.maxLog2N
  ) {
    throw new RangeError(
      `scryptN must be a power of two from 2^${sealedShareFormat.minLog2N} to 2^${sealedShareFormat.maxLog2N}.`,
    )
  }

  const header = new Uint8Array(sealedShareFormat.headerLength)
  const salt = randomBytes(sealedShareFormat.saltLength)
  const nonce = randomBytes(sealedShareFormat.nonceLength)
  header[0] = sealedShareFormat.version
  header[1] = log2N
  header.set(salt, 2)
  header.set(nonce, 2 + sealedShareFormat.saltLength)

  const key = await deriveRecoveryKey(passphrase, salt, log2N)
  try {
    const ciphertext = gcm(key, nonce, header).encrypt(share)
    const sealed = new Uint8Array(header.length + ciphertext.length)
    sealed.set(header)
    sealed.set(ciphertext, header.length)
    return toBase64(sealed)
  } finally {
    key.fill(0)
  }
}
