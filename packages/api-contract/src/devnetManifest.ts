import { z } from 'zod'

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address.')
const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 0x-prefixed 32-byte hex string.')

/** A devnet ERC-20 token as deployed on one chain. */
export const devnetTokenSchema = z.object({
  address,
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(36),
  /** Price of one whole token in USD at deployment, set by the seeded Uniswap V2 pools. */
  seedPriceUsd: z.number().nonnegative(),
})

/** One local anvil chain with everything deployed on it. */
export const devnetChainSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  caipNetworkId: z.string().regex(/^eip155:\d+$/),
  rpcUrl: z.string().url(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  blockExplorerUrl: z.string().url().optional(),
  contracts: z.object({
    multicall3: address,
    weth: address,
    usd: address,
    uniswapV2Factory: address,
    uniswapV2Router: address,
    nft: address,
  }),
  /** Every ERC-20 on the chain, WETH and the stablecoin included. */
  tokens: z.array(devnetTokenSchema),
  nft: z.object({ address, name: z.string(), symbol: z.string(), baseUri: z.string().url() }),
  /**
   * ERC-4337 on this chain (issue 15): EntryPoint v0.7 and SimpleAccountFactory v0.7 at their
   * canonical addresses, the devnet's verifying paymaster, the chain's bundler (alto) and the
   * ERC-7677 paymaster service that signs for the paymaster (its signer is an anvil test key).
   */
  accountAbstraction: z
    .object({
      entryPoint: address,
      simpleAccountFactory: address,
      paymaster: address,
      /**
       * eth-infinitism's Simple7702Account (v0.8): the EIP-7702 delegate through which the
       * Devnet Wallet (an EOA) runs an EIP-5792 batch atomically in one transaction.
       */
      simple7702Account: address,
      bundlerUrl: z.string().url(),
      paymasterUrl: z.string().url(),
    })
    .optional(),
})

const base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/, 'Expected a base58 string.')

/**
 * The local Solana chain (issue 16): a JSON-RPC server over LiteSVM with its own genesis hash
 * (so no wallet takes it for a public cluster), an SPL mint and funded test keys.
 */
export const devnetSolanaSchema = z.object({
  name: z.string(),
  /** `solana:` and the first 32 characters of the genesis hash (CAIP-2). */
  caipNetworkId: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/),
  genesisHash: base58,
  rpcUrl: z.string().url(),
  wsUrl: z.string().startsWith('ws'),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** SPL mints on the chain (a USD-like token first). */
  tokens: z.array(
    z.object({ mint: base58, name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  ),
  /** Funded test keys (generated for the devnet, never real ones): SOL and every token. */
  accounts: z.array(z.object({ address: base58, secretKey: base58 })),
})

/**
 * The local Bitcoin chain (issue 16): regtest, an Esplora-compatible REST API, blocks mined
 * on demand (`POST {esploraUrl}/mine`), and funded test addresses.
 */
export const devnetBitcoinSchema = z.object({
  name: z.string(),
  /** `bip122:` and the first 32 hex characters of regtest's genesis block hash (CAIP-2). */
  caipNetworkId: z.string().regex(/^bip122:[0-9a-f]{32}$/),
  network: z.literal('regtest'),
  esploraUrl: z.string().url(),
  /** Funded test keys: a payment (P2WPKH) and an ordinals (P2TR) address each. */
  accounts: z.array(
    z.object({
      paymentAddress: z.string(),
      ordinalsAddress: z.string(),
      /** WIF (regtest) of the key behind both addresses; a generated test key. */
      wif: z.string(),
    }),
  ),
})

/**
 * The one generated file (`.latch/devnet.json`) that the devnet writes at start and the API,
 * the web server and the tests read. Nothing in it is copied by hand.
 */
export const devnetManifestSchema = z.object({
  version: z.literal(1),
  startedAt: z.string(),
  projectId: z.string().regex(/^[0-9a-f]{32}$/),
  relayUrl: z.string().startsWith('ws'),
  faucetUrl: z.string().url(),
  /** The local mailbox page (`GET`; `/messages.json?to=` lists as JSON): mail the stack sent. */
  mailboxUrl: z.string().url().optional(),
  /** Where the local mailbox takes mail over SMTP (what LATCH_SMTP_URL points at). */
  smtpUrl: z.string().startsWith('smtp://').optional(),
  chains: z.array(devnetChainSchema).min(1),
  /**
   * The local OpenID provider (issue 13): one issuer per social provider, each with the one
   * OAuth client the API uses (a secret generated into the state dir, never a real one).
   * `issuer` serves OIDC discovery; the OAuth 2 providers' endpoints (x, discord, github,
   * facebook) answer in that provider's own shape at the URLs given.
   */
  oidc: z
    .object({
      providers: z.record(
        z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']),
        z.object({
          issuer: z.string().url(),
          clientId: z.string(),
          clientSecret: z.string(),
          authorizationUrl: z.string().url(),
          tokenUrl: z.string().url(),
          userinfoUrl: z.string().url(),
        }),
      ),
    })
    .optional(),
  /**
   * The local Farcaster auth relay and the devnet's IdRegistry (issue 13). `accounts` are the
   * test Farcaster users: an FID whose custody address is an anvil test key.
   */
  farcaster: z
    .object({
      relayUrl: z.string().url(),
      /** The key the test Farcaster client sends to `POST /v1/channel/authenticate`. */
      relayKey: z.string(),
      chainId: z.number().int().positive(),
      idRegistry: address,
      accounts: z.array(
        z.object({
          fid: z.number().int().positive(),
          username: z.string(),
          displayName: z.string(),
          custody: address,
          privateKey: hex32,
        }),
      ),
    })
    .optional(),
  /**
   * The devnet's on-ramp sandbox (issue 14): each provider speaks a real provider's API
   * (`kind`) at `apiUrl` and serves its own checkout page at `checkoutUrl`; its key and secret
   * are generated at start (never real ones). `senders` are the accounts purchases are paid
   * out from, which the history marks as on-ramp purchases.
   */
  onramp: z
    .object({
      providers: z.array(
        z.object({
          id: z.enum(['coinbase', 'moonpay']),
          name: z.string(),
          feePercent: z.number().nonnegative(),
          apiUrl: z.string().url(),
          checkoutUrl: z.string().url(),
          apiKey: z.string(),
          secret: z.string(),
          senders: z.array(address),
        }),
      ),
    })
    .optional(),
  solana: devnetSolanaSchema.optional(),
  bitcoin: devnetBitcoinSchema.optional(),
  /** anvil's well-known test accounts, funded on every chain. Test keys only. */
  accounts: z.array(z.object({ address, privateKey: hex32 })),
  /** The account the in-page "Devnet Wallet" holds (an anvil test key, never a real one). */
  demoWallet: z.object({ address, privateKey: hex32 }),
})

export type DevnetToken = z.infer<typeof devnetTokenSchema>
export type DevnetChain = z.infer<typeof devnetChainSchema>
export type DevnetManifest = z.infer<typeof devnetManifestSchema>
export type DevnetSolana = z.infer<typeof devnetSolanaSchema>
export type DevnetBitcoin = z.infer<typeof devnetBitcoinSchema>
