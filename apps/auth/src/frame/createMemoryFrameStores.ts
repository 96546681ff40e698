import type { AccountType, SessionStore, StoredFlows, StoredSession } from './createSessionStore.ts'
import type { DeviceShares } from './frameContext.ts'

/**
 * The frame's state kept in memory only, for a browser that refuses the frame IndexedDB (a
 * cross-site frame with third-party storage blocked): signing in and signing work, but
 * nothing outlives the page, so a reload asks for the email code and the recovery passphrase
 * again. Never used when IndexedDB opens.
 */
export function createMemoryFrameStores(): { sessions: SessionStore; deviceShares: DeviceShares } {
  let deviceId: string | undefined
  let session: StoredSession | undefined
  const flows: Partial<StoredFlows> = {}
  const shares = new Map<string, Uint8Array>()
  const preferences = new Map<string, AccountType>()
  return {
    sessions: {
      persistent: false,
      async getDeviceId() {
        deviceId ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('')
        return deviceId
      },
      getSession: async () => session,
      async setSession(next) {
        session = next
      },
      async clearSession() {
        session = undefined
      },
      getFlow: async (kind) => flows[kind],
      async setFlow(kind, flow) {
        flows[kind] = flow
      },
      async clearFlow(kind) {
        delete flows[kind]
      },
      getPreferredAccountType: async (owner) => preferences.get(owner.toLowerCase()),
      async setPreferredAccountType(owner, type) {
        preferences.set(owner.toLowerCase(), type)
      },
    },
    deviceShares: {
      async save(address, share) {
        shares.set(address.toLowerCase(), share.slice())
      },
      load: async (address) => shares.get(address.toLowerCase())?.slice(),
    },
  }
}
