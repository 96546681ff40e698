import type { Address, Hex } from 'viem'
import { anvilAccounts } from '../accounts.ts'

/** A devnet Farcaster user: an FID whose custody key is an anvil test key. */
export type FarcasterTestUser = {
  fid: number
  username: string
  displayName: string
  custody: Address
  privateKey: Hex
}

/**
 * The devnet's Farcaster test users, registered in this order (so FIDs 1, 2, 3). Their custody
 * keys are anvil accounts 5 to 7: not the owner (0), not the demo wallet's (9), and never a real
 * key.
 */
export const farcasterTestUsers: readonly Omit<FarcasterTestUser, 'fid'>[] = [
  { username: 'alice', displayName: 'Alice Farcaster', accountIndex: 5 },
  { username: 'bob', displayName: 'Bob Farcaster', accountIndex: 6 },
  { username: 'carol', displayName: 'Carol Farcaster', accountIndex: 7 },
].map(({ username, displayName, accountIndex }) => {
  const account = anvilAccounts[accountIndex] as (typeof anvilAccounts)[number]
  return { username, displayName, custody: account.address, privateKey: account.privateKey }
})
