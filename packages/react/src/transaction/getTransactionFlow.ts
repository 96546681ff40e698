import type { ModalRouter } from '@latch/core'
import { createValueStore, type ValueStore } from './createValueStore.ts'

/** The transaction the ApproveTransaction view waits on. */
export type TransactionFlowState =
  | { status: 'idle' }
  | {
      /** 'approving': the wallet was asked to sign; 'confirming': sent, awaiting the receipt. */
      status: 'approving' | 'confirming'
      walletName: string
      walletIcon: string | undefined
      /** What is sent ("1.5 LUSD") and to whom (a name, or an address). */
      amount: string
      to: string
    }

export type TransactionFlow = ValueStore<TransactionFlowState>

const flows = new WeakMap<ModalRouter, TransactionFlow>()

/**
 * The transaction under way in a modal. Keyed by the provider's modal router, so each
 * provider has its own and it outlives the views it passes through (Send, then
 * ApproveTransaction, then Send again) without any state in the page's first chunk.
 */
export function getTransactionFlow(router: ModalRouter): TransactionFlow {
  let flow = flows.get(router)
  if (!flow) {
    flow = createValueStore<TransactionFlowState>({ status: 'idle' })
    flows.set(router, flow)
  }
  return flow
}
