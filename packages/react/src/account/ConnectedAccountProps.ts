import type { FiatCurrency } from '@latch/core'

/** What `ConnectedAccount` and its lazily loaded panel take. */
export type ConnectedAccountProps = {
  /**
   * 'page' (default): the network button opens the modal on Networks. 'modal': this is the
   * modal's Account view; Networks is pushed on top and Disconnect closes the modal.
   */
  placement?: 'page' | 'modal' | undefined
  /** Fiat currency of values and the total; default the person's setting (`options.currency`). */
  currency?: FiatCurrency | undefined
}
