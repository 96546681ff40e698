import { split } from 'shamir-secret-sharing'
import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from 'vitest'
import { InvalidShareError } from '../errors/keys.ts'
import { combineShares } from './combineShares.ts'
import { splitKey } from './splitKey.ts'

test('refuses malformed shares with a clear error', async () => {
  const { deviceShare } = await splitKey(generatePrivateKey())
  await expect(
    combineShares(deviceShare, new Uint8Array(32)),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidShareError: The key share is invalid: expected 33 bytes.]`,
  )
  await expect(
    combineShares(deviceShare, deviceShare.slice()),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidShareError: The key share is invalid: both shares are the same share.]`,
  )
  await expect(combineShares('x' as never, deviceShare)).rejects.toBeInstanceOf(InvalidShareError)
})

test('shares that combine into something other than a valid key are refused', async () => {
  // Shares of 32 zero bytes: a secret that is not a usable private key.
  const [a, b] = await split(new Uint8Array(32), 3, 2)
  await expect(combineShares(a as Uint8Array, b as Uint8Array)).rejects.toThrow(
    'the shares do not give a valid private key',
  )
})
