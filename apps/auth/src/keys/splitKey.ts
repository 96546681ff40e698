import { split } from 'shamir-secret-sharing'
import { type Hex, hexToBytes, isHex } from 'viem'
import { InvalidPrivateKeyError } from '../errors/keys.ts'
import { isValidPrivateKey } from './isValidPrivateKey.ts'

export type SplitKeyReturnType = {
  /** Kept in this browser's IndexedDB, wrapped by a non-extractable key. */
  deviceShare: Uint8Array
  /** Sent to the API, which stores it encrypted and releases it only to a signed-in frame. */
  authShare: Uint8Array
  /** Sealed with the person's passphrase (`sealRecoveryShare`), stored at the API as an opaque blob. */
  recoveryShare: Uint8Array
}

/**
 * Splits a private key 2-of-3 with Shamir's scheme (shamir-secret-sharing, audited): any two
 * shares give the key back, one alone tells nothing about it.
 */
export async function splitKey(privateKey: Hex): Promise<SplitKeyReturnType> {
  if (!isHex(privateKey, { strict: true }) || privateKey.length !== 66) {
    throw new InvalidPrivateKeyError()
  }
  const secret = hexToBytes(privateKey)
  try {
    if (!isValidPrivateKey(secret)) throw new InvalidPrivateKeyError()
    const [deviceShare, authShare, recoveryShare] = await split(secret, 3, 2)
    if (!deviceShare || !authShare || !recoveryShare)
      throw new Error('split returned too few shares')
    return { deviceShare, authShare, recoveryShare }
  } finally {
    // Best effort: the key's bytes do not outlive the call (the hex string cannot be wiped).
    secret.fill(0)
  }
}
