import { type BuyFlow, createBuyFlow, type LatchConfig, type ModalRouter } from '@latch/core'

const flows = new WeakMap<ModalRouter, BuyFlow>()

/**
 * The Buy form of a provider's modal (`createBuyFlow` of core), keyed by its router like
 * `getSendFlow`: it outlives the view, so a purchase awaited while the modal is closed still
 * ends in its toast, and reopening Buy shows where it stands.
 */
export function getBuyFlow(router: ModalRouter, config: LatchConfig): BuyFlow {
  let flow = flows.get(router)
  if (!flow) {
    flow = createBuyFlow(config)
    flows.set(router, flow)
  }
  return flow
}
