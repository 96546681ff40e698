/** Where each local service listens, derived from one base port so two stacks can run side by side. */
export type StackPorts = {
  web: number
  api: number
  relay: number
  /** Faucet HTTP endpoint and the NFT metadata/image server. */
  services: number
  /** One per devnet chain, in the order of `devnetChains`. */
  chains: readonly [number, number, number]
  /** The embedded wallet's secure site (apps/auth), on its own origin. */
  auth: number
  /** The devnet mailbox's SMTP server (its messages are listed at the services port's /mailbox). */
  smtp: number
  /** The local OpenID provider: one issuer per social provider, at `/<provider>`. */
  oidc: number
  /** The local Farcaster auth relay (FIP-11) and its test Farcaster client page. */
  farcaster: number
  /** One ERC-4337 bundler (alto) per devnet chain, in the order of `devnetChains`. */
  bundlers: readonly [number, number, number]
  /** The local Solana chain's JSON-RPC (HTTP) and its subscriptions (WebSocket) endpoints. */
  solanaRpc: number
  solanaWs: number
  /** The local Bitcoin regtest chain's Esplora-compatible REST API. */
  bitcoin: number
}

/** How many consecutive ports a stack takes from its base. */
export const stackPortCount = 17

/** The base port `npm start` uses; the test suite uses `testPortBase` so both can run at once. */
export const defaultPortBase = 4170
export const testPortBase = 4270

/** Lays the stack's ports out from `base`: web, api, relay, services, the three chains, then
 * the auth site, the mailbox's SMTP port, the OpenID provider, the Farcaster relay, the three
 * bundlers, Solana's RPC and WebSocket ports, and Bitcoin's REST port. */
export function getStackPorts(base: number = defaultPortBase): StackPorts {
  return {
    web: base,
    api: base + 1,
    relay: base + 2,
    services: base + 3,
    chains: [base + 4, base + 5, base + 6],
    auth: base + 7,
    smtp: base + 8,
    oidc: base + 9,
    farcaster: base + 10,
    bundlers: [base + 11, base + 12, base + 13],
    solanaRpc: base + 14,
    solanaWs: base + 15,
    bitcoin: base + 16,
  }
}
