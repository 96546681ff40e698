/** The chain namespaces `sendTransfer` and `estimateTransfer` can send on (spec section 5). */
export const transferNamespaces: readonly string[] = ['eip155', 'solana']

/** Whether transfers on `namespace` can be sent; any other is 'Unsupported chain'. */
export function isTransferNamespaceSupported(namespace: string): boolean {
  return transferNamespaces.includes(namespace)
}
