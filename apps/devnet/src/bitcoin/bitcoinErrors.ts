import { DevnetError } from '../errors.ts'

/**
 * The regtest node refused a transaction. `reason` is Bitcoin Core's reject reason
 * (`bad-txns-inputs-missingorspent`, `txn-mempool-conflict`...), `code` its RPC error code
 * (-22 decode, -25 missing inputs, -26 rejected, -27 already known), and the message says why
 * in words.
 */
export class BitcoinRejectError extends DevnetError {
  override name = 'BitcoinRejectError'
  readonly code: -22 | -25 | -26 | -27
  readonly reason: string

  constructor({
    code,
    reason,
    detail,
  }: { code: -22 | -25 | -26 | -27; reason: string; detail: string }) {
    super(`${reason}: ${detail}`)
    this.code = code
    this.reason = reason
  }
}

/** A request to the devnet's Bitcoin chain names something it cannot do (a faucet amount, an address). */
export class BitcoinRequestError extends DevnetError {
  override name = 'BitcoinRequestError'
}
