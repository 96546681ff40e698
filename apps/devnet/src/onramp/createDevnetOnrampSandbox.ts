import type { DevnetChain } from '@latch/api-contract'
import type { FundParameters, FundResponse } from '../faucetSchema.ts'
import { createOnrampSandbox, type OnrampSandbox } from './createOnrampSandbox.ts'
import { createSandboxPayout } from './createSandboxPayout.ts'

/**
 * The on-ramp sandbox of a running devnet: served at `<servicesUrl>/onramp`, paying out through
 * the devnet's faucet, linking back to the web app.
 */
export function createDevnetOnrampSandbox({
  chains,
  fund,
  servicesUrl,
  webUrl,
  log,
}: {
  chains: readonly DevnetChain[]
  fund: (parameters: FundParameters) => Promise<FundResponse>
  servicesUrl: string
  webUrl: string
  log?: ((line: string) => void) | undefined
}): OnrampSandbox {
  return createOnrampSandbox({
    chains,
    payOut: createSandboxPayout({ chains, fund }),
    baseUrl: `${servicesUrl}/onramp`,
    returnUrl: webUrl,
    log,
  })
}
