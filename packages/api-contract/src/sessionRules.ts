/**
 * Sign-in helpers without zod, so a web page can use them without loading zod. `sessions.ts`
 * re-exports them with the sessions schemas.
 */

/** The exact text a wallet signs (EIP-191) to revoke session `pci`. */
export function revokeSessionMessage(pci: string): string {
  return `Revoke Latch session ${pci}`
}
