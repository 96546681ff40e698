import type { DevnetManifest } from '@latch/api-contract'
import { DevnetError } from '../errors.ts'
import {
  createFarcasterSignature,
  type FarcasterSignInRequest,
} from './createFarcasterSignature.ts'

export type SignInWithFarcasterParameters = {
  /** The Sign In With Farcaster link the app shows (its QR code): the relay channel's `url`. */
  url: string
  /** The running devnet's manifest: its `farcaster` section names the relay, key and users. */
  manifest: DevnetManifest
  /** Which test user signs (1 = alice, 2 = bob, 3 = carol on a fresh devnet). */
  fid: number
}

/**
 * The devnet's test Farcaster client, for e2e: reads the sign-in link as a Farcaster app does,
 * signs the message with the test user's custody key (the same code as the relay's test page)
 * and hands it to the relay (`POST /v1/channel/authenticate` with the relay key). The app's
 * next status poll then completes.
 */
export async function signInWithFarcaster({
  url,
  manifest,
  fid,
}: SignInWithFarcasterParameters): Promise<{ message: string; signature: `0x${string}` }> {
  const farcaster = manifest.farcaster
  if (!farcaster) throw new DevnetError('The devnet manifest has no Farcaster section.')
  const user = farcaster.accounts.find((account) => account.fid === fid)
  if (!user) throw new DevnetError(`There is no devnet Farcaster user with FID ${fid}.`)
  const link = new URL(url)
  const param = (name: string) => link.searchParams.get(name) ?? undefined
  const channelToken = param('channelToken')
  const request = {
    domain: param('domain'),
    siweUri: param('siweUri'),
    nonce: param('nonce'),
    notBefore: param('notBefore'),
    expirationTime: param('expirationTime'),
    requestId: param('requestId'),
  }
  if (!channelToken || !request.domain || !request.siweUri || !request.nonce)
    throw new DevnetError(`"${url.slice(0, 200)}" is not a Sign In With Farcaster link.`, {
      metaMessages: ['It needs channelToken, nonce, siweUri and domain.'],
    })
  const signed = await createFarcasterSignature(request as FarcasterSignInRequest, {
    fid: user.fid,
    privateKey: user.privateKey as `0x${string}`,
  })
  const response = await fetch(new URL('/v1/channel/authenticate', farcaster.relayUrl), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${channelToken}`,
      'X-Farcaster-Auth-Relay-Key': farcaster.relayKey,
    },
    body: JSON.stringify({
      ...signed,
      fid: user.fid,
      username: user.username,
      displayName: user.displayName,
      bio: '',
      pfpUrl: '',
    }),
    signal: AbortSignal.timeout(10_000),
  })
  if (response.status !== 201)
    throw new DevnetError(`The Farcaster relay refused the signature (${response.status}).`, {
      metaMessages: [(await response.text()).slice(0, 300)],
    })
  return signed
}
