import { type Address, type Hex, isAddressEqual, recoverMessageAddress, size } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { FarcasterInvalidError } from '../../errors/socialSignIn.ts'
import { type FarcasterIdRegistry, isRegistered } from './createFarcasterIdRegistry.ts'

export type CheckFarcasterMessageParameters = {
  /** The EIP-4361 message the Farcaster client signed, as the relay handed it on. */
  message: string
  signature: Hex
  /** The FID the relay says signed. */
  fid: number
  /** What the message must say: the auth site's host and origin, and the flow's nonce. */
  domain: string
  uri: string
  nonce: string
  now: Date
}

/** The longest signature checked (room for an ERC-6492 wrapper). */
const maxSignatureBytes = 4096

/**
 * Checks a Sign In With Farcaster answer (FIP-11): the message is for this site (domain and
 * URI), this flow (nonce), now (not expired, not before its time), names the FID as its one
 * `farcaster://fid/` resource, and is signed by the FID's custody address in the IdRegistry
 * (recovered offline for an EOA; asked of the chain for a contract wallet). Anything else is
 * FARCASTER_INVALID; a registry that does not answer is PROVIDER_UNAVAILABLE.
 */
export async function checkFarcasterMessage(
  { registry }: { registry: FarcasterIdRegistry },
  { message, signature, fid, domain, uri, nonce, now }: CheckFarcasterMessageParameters,
): Promise<{ fid: number; custody: Address }> {
  const invalid = (reason: string) => new FarcasterInvalidError({ reason })
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(message)
  } catch {
    throw invalid('the message is not an EIP-4361 message')
  }
  if (!parsed.address) throw invalid('the message names no address')
  if (!validateSiweMessage({ message: parsed, domain, nonce, time: now }))
    throw invalid('the message is for another domain or nonce, expired or not valid yet')
  if (parsed.uri !== uri) throw invalid('the message is for another URI')
  const fidResources = (parsed.resources ?? []).filter((resource) =>
    resource.startsWith('farcaster://fid/'),
  )
  if (fidResources.length !== 1 || fidResources[0] !== `farcaster://fid/${fid}`)
    throw invalid('the message does not name the FID the relay gave')
  if (size(signature) > maxSignatureBytes) throw invalid('the signature is too long')

  const custody = await registry.custodyOf(BigInt(fid))
  if (!isRegistered(custody)) throw invalid('the FID is not registered')
  if (!isAddressEqual(parsed.address, custody))
    throw invalid("the message's address is not the FID's custody address")
  const recovered = await recoverMessageAddress({ message, signature }).catch(() => undefined)
  if (recovered && isAddressEqual(recovered, custody)) return { fid, custody }
  if (await registry.isValidContractSignature({ address: custody, message, signature }))
    return { fid, custody }
  throw invalid('the signature is not by the custody address')
}
