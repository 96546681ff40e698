/**
 * The embedded wallet's heavy half, its own chunk (zod, the message schemas, the transport,
 * the provider and the client): loaded on the person's first intent to use email, or when a
 * stored embedded session is restored on load.
 */
export { createEmbeddedWalletClient } from './createEmbeddedWalletClient.ts'
export { createEmbeddedSolanaMethods } from './embeddedWalletSolana.ts'
