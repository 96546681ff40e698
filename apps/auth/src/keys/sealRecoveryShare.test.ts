import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from 'vitest'
import { InvalidSealedShareError, WrongPassphraseError } from '../errors/keys.ts'
import { combineShares } from './combineShares.ts'
import { fromBase64 } from './fromBase64.ts'
import { openRecoveryShare } from './openRecoveryShare.ts'
import { sealRecoveryShare } from './sealRecoveryShare.ts'
import { splitKey } from './splitKey.ts'
import { toBase64 } from './toBase64.ts'

// Low cost keeps the tests fast; production uses the default 2^17.
const scryptN = 2 ** 10
const passphrase = 'correct horse battery'

test('seal then open gives the share back, and recovery gives the key back', async () => {
  const privateKey = generatePrivateKey()
  const { authShare, recoveryShare } = await splitKey(privateKey)
  const sealed = await sealRecoveryShare(recoveryShare, passphrase, { scryptN })
  expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*$/)
  expect(sealed).not.toContain(toBase64(recoveryShare).slice(0, 20))
  const opened = await openRecoveryShare(sealed, passphrase)
  expect(opened).toEqual(recoveryShare)
  expect(await combineShares(authShare, opened)).toBe(privateKey)
})

test('each seal uses a fresh salt and nonce', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  const a = await sealRecoveryShare(recoveryShare, passphrase, { scryptN })
  const b = await sealRecoveryShare(recoveryShare, passphrase, { scryptN })
  expect(a).not.toBe(b)
})

test('a wrong passphrase gives WrongPassphraseError', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  const sealed = await sealRecoveryShare(recoveryShare, passphrase, { scryptN })
  await expect(openRecoveryShare(sealed, 'correct horse battery!')).rejects.toBeInstanceOf(
    WrongPassphraseError,
  )
  await expect(openRecoveryShare(sealed, '')).rejects.toThrowErrorMatchingInlineSnapshot(
    `[WrongPassphraseError: The recovery passphrase is wrong.]`,
  )
})

test('the passphrase is compared after NFKC normalisation', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  const composed = 'caf\u00e9 au lait'
  const decomposed = 'cafe\u0301 au lait'
  const sealed = await sealRecoveryShare(recoveryShare, composed, { scryptN })
  expect(await openRecoveryShare(sealed, decomposed)).toEqual(recoveryShare)
})

test('a tampered blob does not open: any byte of header, nonce, ciphertext or tag', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  const sealed = fromBase64(await sealRecoveryShare(recoveryShare, passphrase, { scryptN }))
  // salt, nonce, ciphertext and tag bytes: GCM refuses, as for a wrong passphrase.
  for (const index of [2, 17, 18, 29, 30, 45, sealed.length - 1]) {
    const tampered = sealed.slice()
    tampered[index] = (tampered[index] ?? 0) ^ 0x01
    await expect(openRecoveryShare(toBase64(tampered), passphrase)).rejects.toBeInstanceOf(
      WrongPassphraseError,
    )
  }
  // The cost byte: a lower cost derives another key; an absurd one is refused before scrypt runs.
  const cheaper = sealed.slice()
  cheaper[1] = 11
  await expect(openRecoveryShare(toBase64(cheaper), passphrase)).rejects.toBeInstanceOf(
    WrongPassphraseError,
  )
  const hostile = sealed.slice()
  hostile[1] = 30
  await expect(
    openRecoveryShare(toBase64(hostile), passphrase),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidSealedShareError: The sealed recovery share is invalid: scrypt cost 2^30 out of range.]`,
  )
  const version = sealed.slice()
  version[0] = 2
  await expect(openRecoveryShare(toBase64(version), passphrase)).rejects.toThrow(
    'unknown version 2',
  )
  await expect(
    openRecoveryShare(toBase64(sealed.subarray(0, sealed.length - 1)), passphrase),
  ).rejects.toThrow('wrong length')
  await expect(openRecoveryShare('not base64!', passphrase)).rejects.toBeInstanceOf(
    InvalidSealedShareError,
  )
})

test('a new passphrase shorter than 8 characters is refused', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  await expect(
    sealRecoveryShare(recoveryShare, 'seven77', { scryptN }),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidPassphraseError: The passphrase must be at least 8 characters.]`,
  )
  await expect(sealRecoveryShare(recoveryShare, 'eight888', { scryptN })).resolves.toBeTypeOf(
    'string',
  )
})

test('the cost must be a power of two within bounds, and the default is 2^17', async () => {
  const { recoveryShare } = await splitKey(generatePrivateKey())
  await expect(sealRecoveryShare(recoveryShare, passphrase, { scryptN: 1000 })).rejects.toThrow(
    RangeError,
  )
  await expect(sealRecoveryShare(recoveryShare, passphrase, { scryptN: 2 ** 4 })).rejects.toThrow(
    RangeError,
  )
  const sealed = await sealRecoveryShare(recoveryShare, passphrase)
  expect(fromBase64(sealed)[0]).toBe(1)
  expect(fromBase64(sealed)[1]).toBe(17)
  expect(await openRecoveryShare(sealed, passphrase)).toEqual(recoveryShare)
})
