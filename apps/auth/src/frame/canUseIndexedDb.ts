/**
 * Whether this browser lets the frame open IndexedDB: a cross-site frame with third-party
 * storage blocked gets an error (Chromium: "The user denied permission to access the
 * database"), and some private modes have no IndexedDB at all.
 */
export async function canUseIndexedDb(idb: IDBFactory | undefined): Promise<boolean> {
  if (!idb) return false
  try {
    return await new Promise<boolean>((resolve) => {
      const request = idb.open('latch-auth-probe')
      request.onsuccess = () => {
        request.result.close()
        resolve(true)
      }
      request.onerror = () => resolve(false)
      request.onblocked = () => resolve(true)
    })
  } catch {
    return false
  }
}
