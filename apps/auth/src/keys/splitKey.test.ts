import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from 'vitest'
import { combineShares } from './combineShares.ts'
import { splitKey } from './splitKey.ts'

test('any two of the three shares give the key back, in either order', async () => {
  const privateKey = generatePrivateKey()
  const { deviceShare, authShare, recoveryShare } = await splitKey(privateKey)
  const pairs = [
    [deviceShare, authShare],
    [deviceShare, recoveryShare],
    [authShare, recoveryShare],
  ] as const
  for (const [a, b] of pairs) {
    expect(await combineShares(a, b)).toBe(privateKey)
    expect(await combineShares(b, a)).toBe(privateKey)
  }
})

test('shares are 33 bytes with distinct x coordinates, and no share holds the key bytes', async () => {
  const privateKey = generatePrivateKey()
  const shares = Object.values(await splitKey(privateKey))
  expect(shares.map((share) => share.length)).toEqual([33, 33, 33])
  expect(new Set(shares.map((share) => share[32])).size).toBe(3)
  const keyHex = privateKey.slice(2)
  for (const share of shares) expect(Buffer.from(share).toString('hex')).not.toContain(keyHex)
})

test('splitting the same key twice gives unrelated shares', async () => {
  const privateKey = generatePrivateKey()
  const first = await splitKey(privateKey)
  const second = await splitKey(privateKey)
  expect(first.deviceShare).not.toEqual(second.deviceShare)
  // Shares of different splits do not combine into the key.
  const mixed = await combineShares(first.deviceShare, second.authShare).catch(() => undefined)
  expect(mixed).not.toBe(privateKey)
})

test('no single share gives the key: with itself it is refused, with random bytes it gives another value', async () => {
  const privateKey = generatePrivateKey()
  const { deviceShare, authShare, recoveryShare } = await splitKey(privateKey)
  for (const share of [deviceShare, authShare, recoveryShare]) {
    await expect(combineShares(share, share)).rejects.toThrow('both shares are the same share')
    for (let i = 0; i < 8; i++) {
      const random = crypto.getRandomValues(new Uint8Array(33))
      if (random[32] === share[32]) continue
      const combined = await combineShares(share, random).catch(() => undefined)
      expect(combined).not.toBe(privateKey)
    }
  }
})

test('refuses what is not a secp256k1 private key', async () => {
  const order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
  await expect(splitKey(`0x${'00'.repeat(32)}`)).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidPrivateKeyError: The private key is not a valid secp256k1 key.]`,
  )
  await expect(splitKey(`0x${order}`)).rejects.toThrow('not a valid secp256k1 key')
  await expect(splitKey('0x1234')).rejects.toThrow('not a valid secp256k1 key')
  await expect(splitKey(`0x${'zz'.repeat(32)}`)).rejects.toThrow('not a valid secp256k1 key')
  // n - 1 is the largest valid key.
  const largest = `0x${order.slice(0, -1)}0` as const
  const shares = await splitKey(largest)
  expect(await combineShares(shares.authShare, shares.recoveryShare)).toBe(largest)
})
