import type { AuthUser } from '@latch/api-contract'
import { getAddress, type Hex, type PrivateKeyAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { FrameRequestError, unauthorized } from '../errors/frameRequest.ts'
import { combineShares } from '../keys/combineShares.ts'
import { fromBase64 } from '../keys/fromBase64.ts'
import { openRecoveryShare } from '../keys/openRecoveryShare.ts'
import { sealRecoveryShare } from '../keys/sealRecoveryShare.ts'
import { splitKey } from '../keys/splitKey.ts'
import { toBase64 } from '../keys/toBase64.ts'
import { describeAccount } from './describeAccount.ts'
import type { FrameContext } from './frameContext.ts'

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * A new wallet on first sign-in: the person sets a recovery passphrase in the frame, a key is
 * generated here, split 2-of-3; the auth share and the sealed recovery share go to the API,
 * the device share stays wrapped in IndexedDB. The key itself is never stored or sent.
 */
export async function createWallet(
  context: FrameContext,
  token: string,
  account: string,
): Promise<AuthUser> {
  return context.dialog(async () => {
    const passphrase = await context.ui.askNewPassphrase({ account })
    let key: Hex | undefined = generatePrivateKey()
    const address = privateKeyToAddress(key)
    const shares = await splitKey(key)
    key = undefined
    const sealedRecoveryShare = await sealRecoveryShare(shares.recoveryShare, passphrase, {
      ...(context.scryptN === undefined ? {} : { scryptN: context.scryptN }),
    })
    const user = await context.api.createWallet(token, {
      address,
      authShare: toBase64(shares.authShare),
      sealedRecoveryShare,
    })
    await context.deviceShares.save(address, shares.deviceShare)
    return user
  })
}

/**
 * A known wallet on a device without its share: the person types the recovery passphrase in
 * the frame; the opened recovery share with the auth share gives the key (checked against the
 * address), and the recovery share becomes this device's share.
 */
export async function recoverWallet(context: FrameContext, user: AuthUser): Promise<void> {
  const { address, authShare, sealedRecoveryShare } = user
  if (!address || !authShare || !sealedRecoveryShare)
    throw new FrameRequestError('WALLET_INCOMPLETE', 'The wallet has no shares to recover from.')
  await context.dialog(async () => {
    let share: Uint8Array | undefined
    // The dialog stays open until the passphrase opens the share (a wrong one is said there).
    await context.ui.askPassphrase({
      account: describeAccount(user),
      verify: async (passphrase) => {
        share = await openRecoveryShare(sealedRecoveryShare, passphrase)
      },
    })
    if (!share) throw new FrameRequestError('WALLET_INCOMPLETE', 'The recovery share did not open.')
    let key: Hex | undefined = await combineShares(share, fromBase64(authShare))
    const matches = sameAddress(privateKeyToAddress(key), address)
    key = undefined
    if (!matches)
      throw new FrameRequestError('KEY_MISMATCH', 'The recovered key is not this wallet’s key.')
    await context.deviceShares.save(getAddress(address), share)
  })
}

/**
 * Runs `use` with the wallet's account: the device share and the auth share (fetched for this
 * call with the session) are combined in memory, checked against the address, and dropped
 * when `use` returns.
 */
export async function withAccount<value>(
  context: FrameContext,
  use: (account: PrivateKeyAccount) => Promise<value>,
): Promise<value> {
  const session = await context.sessions.getSession()
  if (!session) throw unauthorized()
  const user = await context.api.getUser(session.token)
  if (!user.address || !user.authShare) throw unauthorized()
  const deviceShare = await context.deviceShares.load(getAddress(user.address))
  if (!deviceShare)
    throw new FrameRequestError(4100, 'This device holds no share of the wallet: sign in again.')
  let key: Hex | undefined = await combineShares(deviceShare, fromBase64(user.authShare))
  let account: PrivateKeyAccount | undefined = privateKeyToAccount(key)
  key = undefined
  try {
    if (!sameAddress(account.address, user.address))
      throw new FrameRequestError('KEY_MISMATCH', 'The shares do not give this wallet’s key.')
    return await use(account)
  } finally {
    account = undefined
  }
}

/** The key itself, for the export dialog only (after a fresh code). */
export async function revealPrivateKey(context: FrameContext): Promise<Hex> {
  const session = await context.sessions.getSession()
  if (!session) throw unauthorized()
  const user = await context.api.getUser(session.token)
  if (!user.address || !user.authShare) throw unauthorized()
  const deviceShare = await context.deviceShares.load(getAddress(user.address))
  if (!deviceShare)
    throw new FrameRequestError(4100, 'This device holds no share of the wallet: sign in again.')
  const key = await combineShares(deviceShare, fromBase64(user.authShare))
  if (!sameAddress(privateKeyToAddress(key), user.address))
    throw new FrameRequestError('KEY_MISMATCH', 'The shares do not give this wallet’s key.')
  return key
}
