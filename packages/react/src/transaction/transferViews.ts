/**
 * Send, Receive and ApproveTransaction in one chunk: they share most of their code (balances,
 * TanStack Query, the wallet icon), and one chunk keeps the connect modal's own chunk whole
 * instead of splitting out the modules they share with it.
 */
import '../i18n/laterMessages.ts'

export { default as ReceiveContainer } from '../receive/ReceiveContainer.tsx'
export { default as SendContainer } from '../send/SendContainer.tsx'
export { default as ApproveTransactionContainer } from './ApproveTransactionContainer.tsx'
