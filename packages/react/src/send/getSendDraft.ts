import type { ModalRouter } from '@latch/core'
import { createValueStore, type ValueStore } from '../transaction/createValueStore.ts'

/** What the Send form holds, kept while the wallet is asked (a refusal keeps the inputs). */
export type SendDraft = {
  /** The chosen balance's id (its token address, or the symbol). */
  tokenId: string | undefined
  amount: string
  receiver: string
  /** The person tried to send: missing fields are now pointed out. */
  submitted: boolean
  /** Why the last attempt did not send ('Signature declined', a failure), until the next. */
  failure: string | undefined
}

export const emptySendDraft: SendDraft = {
  tokenId: undefined,
  amount: '',
  receiver: '',
  submitted: false,
  failure: undefined,
}

const drafts = new WeakMap<ModalRouter, ValueStore<SendDraft>>()

/** The Send form of a provider's modal (keyed by its router, like `getTransactionFlow`). */
export function getSendDraft(router: ModalRouter): ValueStore<SendDraft> {
  let draft = drafts.get(router)
  if (!draft) {
    draft = createValueStore(emptySendDraft)
    drafts.set(router, draft)
  }
  return draft
}
