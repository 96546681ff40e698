import { BaseError } from './base.ts'

/** The chain answered, but Multicall3 did not: it is not deployed where the config says. */
export class MulticallUnavailableError extends BaseError {
  override name = 'MulticallUnavailableError'
  constructor({
    chainId,
    address,
    cause,
  }: {
    chainId: number
    address: string
    cause?: unknown
  }) {
    super(`Multicall3 at "${address}" on chain eip155:${chainId} did not answer.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      metaMessages: ['Set the network\'s "multicall3" to where Multicall3 is deployed.'],
      cause,
    })
  }
}
