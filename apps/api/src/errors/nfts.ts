import { BaseError } from './base.ts'

/** The NFT is not in the index (never transferred on a served chain since indexing began). */
export class NftNotFoundError extends BaseError {
  override name = 'NftNotFoundError'
  constructor({
    chainId,
    contract,
    tokenId,
  }: { chainId: number; contract: string; tokenId: string }) {
    super(`No NFT ${contract} #${tokenId} on chain eip155:${chainId}.`, { code: 'NOT_FOUND' })
  }
}

/** The NFT's metadata names no image, or could not be read. */
export class NftImageNotFoundError extends BaseError {
  override name = 'NftImageNotFoundError'
  constructor({
    chainId,
    contract,
    tokenId,
  }: { chainId: number; contract: string; tokenId: string }) {
    super(`No image for NFT ${contract} #${tokenId} on chain eip155:${chainId}.`, {
      code: 'NOT_FOUND',
    })
  }
}

/** A metadata or image URL could not be fetched within the limits (time, size, type, host). */
export class NftFetchError extends BaseError {
  override name = 'NftFetchError'
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`The NFT content could not be fetched: ${reason}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
  }
}
