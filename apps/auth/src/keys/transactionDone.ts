/** Resolves once an IndexedDB transaction has committed; rejects if it failed or was aborted. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('The transaction was aborted.'))
  })
}
