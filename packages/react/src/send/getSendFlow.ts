import { createSendFlow, type LatchConfig, type ModalRouter, type SendFlow } from '@latch/core'

const flows = new WeakMap<ModalRouter, SendFlow>()

/**
 * The Send form of a provider's modal (`createSendFlow` of core), keyed by its router like
 * `getTransactionFlow`: it outlives the views it passes through (Send, ApproveTransaction,
 * Send again), so a declined signature comes back to the inputs as they were.
 */
export function getSendFlow(router: ModalRouter, config: LatchConfig): SendFlow {
  let flow = flows.get(router)
  if (!flow) {
    flow = createSendFlow(config)
    flows.set(router, flow)
  }
  return flow
}
