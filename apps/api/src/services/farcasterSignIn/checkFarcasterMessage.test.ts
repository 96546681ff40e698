import { anvilAccounts } from '@latch/test'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import type { BaseError } from '../../errors/base.ts'
import { checkFarcasterMessage } from './checkFarcasterMessage.ts'
import type { FarcasterIdRegistry } from './createFarcasterIdRegistry.ts'

const custody = privateKeyToAccount((anvilAccounts[5] as (typeof anvilAccounts)[0]).privateKey)
const now = new Date('2026-01-01T00:00:00Z')
const expected = { domain: 'auth.example', uri: 'https://auth.example', nonce: 'n0nce0n0nce0' }

/** An IdRegistry where FID 7 belongs to `custody`; `contractAnswer` is the ERC-1271 answer. */
function fakeRegistry(contractAnswer = false): FarcasterIdRegistry & { asked: number } {
  return {
    asked: 0,
    async custodyOf(fid) {
      return fid === 7n ? custody.address : '0x0000000000000000000000000000000000000000'
    },
    async isValidContractSignature() {
      this.asked++
      return contractAnswer
    },
  }
}

async function signed(change: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const message = createSiweMessage({
    ...expected,
    address: custody.address,
    statement: 'Farcaster Auth',
    version: '1',
    chainId: 10,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 600_000),
    resources: ['farcaster://fid/7'],
    ...change,
  })
  return { message, signature: await custody.signMessage({ message }) }
}

const check = (
  input: { message: string; signature: Hex },
  { fid = 7, registry = fakeRegistry(), at = now } = {},
) =>
  checkFarcasterMessage({ registry }, { ...input, fid, ...expected, now: at }).then(
    (result) => result,
    (error: BaseError) => `${error.code}: ${error.metaMessages.join(' ')}`,
  )

describe('checkFarcasterMessage', () => {
  it('accepts the custody address signing for its FID', async () => {
    expect(await check(await signed())).toEqual({ fid: 7, custody: custody.address })
  })

  it('pins why each bad message is refused', async () => {
    const other = privateKeyToAccount((anvilAccounts[1] as (typeof anvilAccounts)[0]).privateKey)
    const cases = {
      garbage: await check({ message: 'hello', signature: '0x12' }),
      expired: await check(await signed(), { at: new Date(now.getTime() + 600_001) }),
      notYet: await check(await signed({ notBefore: new Date(now.getTime() + 60_000) })),
      twoFids: await check(await signed({ resources: ['farcaster://fid/7', 'farcaster://fid/8'] })),
      otherFid: await check(await signed(), { fid: 8 }),
      unregistered: await check(await signed({ resources: ['farcaster://fid/8'] }), { fid: 8 }),
      notCustody: await check(await signed({ address: other.address as Address })),
      longSignature: await check({
        message: (await signed()).message,
        signature: `0x${'ab'.repeat(5000)}`,
      }),
    }
    expect(cases).toMatchInlineSnapshot(`
      {
        "expired": "FARCASTER_INVALID: Reason: the message is for another domain or nonce, expired or not valid yet",
        "garbage": "FARCASTER_INVALID: Reason: the message names no address",
        "longSignature": "FARCASTER_INVALID: Reason: the signature is too long",
        "notCustody": "FARCASTER_INVALID: Reason: the message's address is not the FID's custody address",
        "notYet": "FARCASTER_INVALID: Reason: the message is for another domain or nonce, expired or not valid yet",
        "otherFid": "FARCASTER_INVALID: Reason: the message does not name the FID the relay gave",
        "twoFids": "FARCASTER_INVALID: Reason: the message does not name the FID the relay gave",
        "unregistered": "FARCASTER_INVALID: Reason: the FID is not registered",
      }
    `)
  })

  it('asks the chain only when the custody key did not sign (a contract wallet)', async () => {
    const { message } = await signed()
    const bySomeoneElse = await privateKeyToAccount(
      (anvilAccounts[2] as (typeof anvilAccounts)[0]).privateKey,
    ).signMessage({ message })
    const honest = fakeRegistry(false)
    await check(await signed(), { registry: honest })
    expect(honest.asked).toBe(0)
    expect(await check({ message, signature: bySomeoneElse }, { registry: honest })).toBe(
      'FARCASTER_INVALID: Reason: the signature is not by the custody address',
    )
    expect(honest.asked).toBe(1)
    // A contract custody address that accepts the signature (ERC-1271).
    expect(
      await check({ message, signature: bySomeoneElse }, { registry: fakeRegistry(true) }),
    ).toEqual({ fid: 7, custody: custody.address })
  })
})
