import { z } from 'zod'
import {
  bundlerQuerySchema,
  bundlerRpcMethods,
  paymasterQuerySchema,
  paymasterRpcMethods,
} from './accountAbstraction.ts'
import {
  analyticsBodySchema,
  analyticsConfigResponseSchema,
  analyticsResponseSchema,
} from './analytics.ts'
import { balanceQuerySchema, balanceResponseSchema } from './balance.ts'
import { caipAccountParam } from './caipParams.ts'
import { supportedChainsResponseSchema } from './chains.ts'
import {
  convertAllowanceQuerySchema,
  convertAllowanceResponseSchema,
  convertBuildApproveQuerySchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionBodySchema,
  convertBuildTransactionResponseSchema,
  convertGasPriceQuerySchema,
  convertGasPriceResponseSchema,
  convertQuotesQuerySchema,
  convertQuotesResponseSchema,
  convertTokensQuerySchema,
  convertTokensResponseSchema,
} from './convert.ts'
import {
  authUserSchema,
  createWalletBodySchema,
  emailStartBodySchema,
  emailStartResponseSchema,
  emailVerifyBodySchema,
  emailVerifyResponseSchema,
  exportVerifyBodySchema,
  okResponseSchema,
  updateEmailBodySchema,
  updateEmailOtpBodySchema,
  updateEmailResponseSchema,
} from './embeddedWallet.ts'
import { historyQuerySchema, historyResponseSchema } from './history.ts'
import { identityQuerySchema, identityResponseSchema } from './identity.ts'
import {
  assetImageIdParam,
  currencyImageIdParam,
  publicImageCacheControl,
  tokenSymbolImageIdParam,
} from './images.ts'
import { healthResponseSchema, openApiResponseSchema, walletImageParamsSchema } from './meta.ts'
import {
  nameProfileQuerySchema,
  nameProfileSchema,
  nameSuggestionsQuerySchema,
  nameSuggestionsResponseSchema,
  registerNameBodySchema,
  reverseNamesQuerySchema,
  reverseNamesResponseSchema,
  setNameAttributesBodySchema,
} from './names.ts'
import { nftsQuerySchema, nftsResponseSchema } from './nfts.ts'
import {
  onrampOptionsResponseSchema,
  onrampQuoteBodySchema,
  onrampQuoteResponseSchema,
  onrampUrlBodySchema,
  onrampUrlResponseSchema,
} from './onramp.ts'
import {
  accountIdParam,
  addressParam,
  chainIdParam,
  projectIdParam,
  projectQuerySchema,
} from './params.ts'
import { fungiblePriceBodySchema, fungiblePriceResponseSchema } from './price.ts'
import { projectOriginsResponseSchema } from './projects.ts'
import { jsonRpcBodySchema, jsonRpcRequestSchema, jsonRpcResponseSchema } from './rpc.ts'
import {
  createSessionBodySchema,
  createSessionResponseSchema,
  nonceBodySchema,
  nonceResponseSchema,
  revokeSessionBodySchema,
  revokeSessionResponseSchema,
  sessionsResponseSchema,
} from './sessions.ts'
import {
  farcasterStartBodySchema,
  farcasterStartResponseSchema,
  farcasterVerifyBodySchema,
  farcasterVerifyResponseSchema,
  socialStartBodySchema,
  socialStartResponseSchema,
  socialVerifyBodySchema,
  socialVerifyResponseSchema,
} from './socialSignIn.ts'
import { getWalletsQuerySchema, getWalletsResponseSchema } from './walletRegistry.ts'

/** One answer of a route: JSON matching `schema`, a non-JSON body of `contentType`, or none. */
export type ApiRouteResponse =
  | { description: string; schema: z.ZodType; contentType?: undefined }
  | { description: string; contentType?: string | undefined; schema?: undefined }

/**
 * The contract of one API route: what it takes (path parameters, query, JSON body) and what it
 * answers. The server validates requests with these schemas, the core clients parse answers
 * with them, and the OpenAPI document (`createOpenApiDocument`) is generated from them.
 */
export type ApiRoute = {
  method: 'get' | 'post'
  /** The path as the server routes it, parameters as `:name`. */
  path: string
  /** One line for the reference. */
  summary: string
  description?: string | undefined
  /** Groups routes in the reference. */
  tag:
    | 'Meta'
    | 'Chains'
    | 'Account'
    | 'Prices'
    | 'Swaps'
    | 'Names'
    | 'Sign-in'
    | 'Wallets'
    | 'Project'
    | 'Embedded wallet'
    | 'On-ramp'
  /** Whether the call names a project (`projectId` in the query or body, or `X-Project-Id`). */
  project: boolean
  params?: z.ZodObject | undefined
  query?: z.ZodObject | undefined
  body?: z.ZodType | undefined
  /** Successful answers by status. */
  responses: Readonly<Record<number, ApiRouteResponse>>
  /**
   * Error statuses besides those every route may answer (400, 429, 500, 503 and, for project
   * routes, 401 and 403); each answers `{ error: { code, message } }`.
   */
  errors?: readonly number[] | undefined
  /** The `Cache-Control` of a successful answer, when it sets one. */
  cacheControl?: string | undefined
}

const svg = 'image/svg+xml'

/** Query of the JSON-RPC endpoint: the CAIP-2 chain and the project. */
const rpcQuerySchema = z.object({
  chainId: z
    .string()
    .regex(
      /^(?:eip155:[1-9]\d{0,15}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/,
      'chainId must be CAIP-2, like "eip155:1" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".',
    ),
  projectId: projectIdParam.optional(),
})
const imageParams = z.object({ chainId: chainIdParam, address: addressParam })

/** What every embedded-wallet route says of its caller. */
const embeddedCaller =
  "Only from the embedded wallet site's origin (LATCH_AUTH_URL): any other Origin, or none, is a 403 `ORIGIN_NOT_ALLOWED`."
/** ... and of the session it needs. */
const embeddedSession = `${embeddedCaller} Needs \`Authorization: Bearer <token>\` (from \`POST /auth/v1/email/verify\`): without one, or expired or signed out, 401 \`SESSION_EXPIRED\`.`
const noStore = 'no-store'

/** What every convert route says of the networks it serves. */
const swapNetworks =
  "Swap networks are LATCH_SWAP_CHAINS, else the spec's list (1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554) that the API serves, and the devnet's chains; another is a 400 'Network not supported for Swaps'."

/** The convert (swap) routes (spec section 7), in the shapes AppKit's swap client reads. */
function convertRoutes() {
  return {
    convertTokens: {
      method: 'get',
      path: '/v1/convert/tokens',
      summary: 'The tokens that can be swapped on a chain, with icons, decimals and USD prices.',
      description: `The native coin first (\`0xeeee...eeee\`), then the chain's listed tokens. ${swapNetworks}`,
      tag: 'Swaps',
      project: true,
      query: convertTokensQuerySchema,
      responses: { 200: { description: 'The tokens.', schema: convertTokensResponseSchema } },
      errors: [502],
    },
    convertQuotes: {
      method: 'get',
      path: '/v1/convert/quotes',
      summary: 'A quote for selling `amount` of `from` for `to`: the best route, read now.',
      description: `From the aggregator when LATCH_SWAP_AGGREGATOR_URL is set (falling back to the pools when it fails), else from Uniswap V2 pools read on-chain: the direct pair, through WETH or through the stablecoin, whichever pays most. A quote holds 30 s (\`expiresAt\`). No pool between the tokens: 400 'No route from ... to ...'. ${swapNetworks}`,
      tag: 'Swaps',
      project: true,
      query: convertQuotesQuerySchema,
      responses: { 200: { description: 'One quote.', schema: convertQuotesResponseSchema } },
      errors: [502],
    },
    convertAllowance: {
      method: 'get',
      path: '/v1/convert/allowance',
      summary: "What the swap router may spend of the user's token.",
      description: `ERC-20 \`allowance(user, router)\` read now; the native coin needs no approval (2^256-1). ${swapNetworks}`,
      tag: 'Swaps',
      project: true,
      query: convertAllowanceQuerySchema,
      responses: {
        200: { description: 'The allowance.', schema: convertAllowanceResponseSchema },
      },
      errors: [502],
    },
    convertGasPrice: {
      method: 'get',
      path: '/v1/convert/gas-price',
      summary: "The chain's gas price at three speeds, and its EIP-1559 fees.",
      description:
        "`standard` is `eth_gasPrice`; `fast` and `instant` add 20% and 50%. Another network than a swap network: 400 'Network not supported for Gas Price'.",
      tag: 'Swaps',
      project: true,
      query: convertGasPriceQuerySchema,
      responses: { 200: { description: 'Gas prices.', schema: convertGasPriceResponseSchema } },
      errors: [502],
    },
    convertBuildApprove: {
      method: 'get',
      path: '/v1/convert/build-approve',
      summary: 'The transaction that approves the router for `from`: unlimited, or `amount`.',
      description: `Send \`tx.data\` to the token (\`tx.from\` and \`tx.to\` both name it). The native coin needs no approval: 400. ${swapNetworks}`,
      tag: 'Swaps',
      project: true,
      query: convertBuildApproveQuerySchema,
      responses: {
        200: { description: 'The approval.', schema: convertBuildApproveResponseSchema },
      },
      errors: [502],
    },
    convertBuildTransaction: {
      method: 'post',
      path: '/v1/convert/build-transaction',
      summary: 'The swap transaction: router calldata with the minimum received and a deadline.',
      description: `\`swapExactETHForTokens\`, \`swapExactTokensForETH\` or \`swapExactTokensForTokens\` on the best route (or the aggregator's calldata), the minimum received \`slippage\` below the quote (or below \`toAmount\`), a 20-minute deadline. Unless \`disableEstimate\`, it is simulated from the user first (eth_call) and its gas estimated: a swap that would fail is a 400 naming why ('The swap would fail: insufficient allowance.', '... slippage exceeded ...'). ${swapNetworks}`,
      tag: 'Swaps',
      project: true,
      query: projectQuerySchema,
      body: convertBuildTransactionBodySchema,
      responses: {
        200: { description: 'The transaction.', schema: convertBuildTransactionResponseSchema },
      },
      errors: [502],
      cacheControl: 'no-store',
    },
  } as const satisfies Record<string, ApiRoute>
}

/** The embedded wallet's auth API (`/auth/v1`), called by the secure frame only. */
function embeddedWalletRoutes() {
  return {
    authEmailStart: {
      method: 'post',
      path: '/auth/v1/email/start',
      summary:
        'Mails a 6-digit sign-in code, or a device-approval link to a known user on a new device.',
      description: `${embeddedCaller} Answers \`VERIFY_OTP\` (a code was mailed: new user or approved device) or \`VERIFY_DEVICE\` (the user has a wallet and this device is new: an approval link was mailed; ask again once it was followed). One email per address every 30 s: 429 \`EMAIL_COOLDOWN\` 'Please try again after {n} seconds' with \`retryAfterSeconds\`; emails per address and per IP are capped per hour (429 \`RATE_LIMITED\`); 503 when the email could not be sent (the cooldown is not taken).`,
      tag: 'Embedded wallet',
      project: true,
      body: emailStartBodySchema,
      responses: { 200: { description: 'What to do next.', schema: emailStartResponseSchema } },
      cacheControl: noStore,
    },
    authEmailVerify: {
      method: 'post',
      path: '/auth/v1/email/verify',
      summary: 'Signs in with the mailed code: a bearer session (7 days) and the user.',
      description: `${embeddedCaller} The newest code for the address and device, within 10 minutes, once; 5 tries per code (400 \`INVALID_OTP\` with the tries left, then \`OTP_EXPIRED\`). A known user's unapproved device: 403 \`DEVICE_NOT_APPROVED\`. Creates the user on first sign-in.`,
      tag: 'Embedded wallet',
      project: true,
      body: emailVerifyBodySchema,
      responses: { 200: { description: 'The session.', schema: emailVerifyResponseSchema } },
      cacheControl: noStore,
    },
    authDeviceApprove: {
      method: 'get',
      path: '/auth/v1/device/approve',
      summary:
        'The device-approval link of the email: approves the device, answers a small HTML page.',
      description:
        'Opened top-level from the email (no Origin check); the page has no script and a strict CSP. A used, expired or unknown link answers a page saying so (200 too: it is read by a person).',
      tag: 'Embedded wallet',
      project: false,
      query: z.object({ token: z.string().describe('The token of the emailed link.') }),
      responses: {
        200: { description: '"Device approved. Go back to the app."', contentType: 'text/html' },
      },
      errors: [404],
      cacheControl: noStore,
    },
    authUser: {
      method: 'get',
      path: '/auth/v1/user',
      summary:
        "The signed-in user, with the wallet's address and shares (the auth share decrypted).",
      description: embeddedSession,
      tag: 'Embedded wallet',
      project: false,
      responses: { 200: { description: 'The user.', schema: authUserSchema } },
      errors: [401, 403],
      cacheControl: noStore,
    },
    authCreateWallet: {
      method: 'post',
      path: '/auth/v1/wallet',
      summary:
        "Stores the new wallet's address, auth share (encrypted at rest) and sealed recovery share.",
      description: `${embeddedSession} Once per user: 409 \`WALLET_EXISTS\` after.`,
      tag: 'Embedded wallet',
      project: false,
      body: createWalletBodySchema,
      responses: { 200: { description: 'The user with the wallet.', schema: authUserSchema } },
      errors: [401, 403, 409],
      cacheControl: noStore,
    },
    authEmailUpdate: {
      method: 'post',
      path: '/auth/v1/email/update',
      summary:
        "Starts changing the user's email: a code to the current address and one to the new one.",
      description: `${embeddedSession} 409 \`EMAIL_TAKEN\` when another user has the address; the 30 s cooldown and hourly caps apply.`,
      tag: 'Embedded wallet',
      project: false,
      body: updateEmailBodySchema,
      responses: {
        200: { description: '`VERIFY_PRIMARY_OTP`.', schema: updateEmailResponseSchema },
      },
      errors: [401, 403, 409],
      cacheControl: noStore,
    },
    authEmailUpdatePrimary: {
      method: 'post',
      path: '/auth/v1/email/update/primary',
      summary: 'The code sent to the current address.',
      description: embeddedSession,
      tag: 'Embedded wallet',
      project: false,
      body: updateEmailOtpBodySchema,
      responses: {
        200: { description: '`VERIFY_SECONDARY_OTP`.', schema: updateEmailResponseSchema },
      },
      errors: [401, 403],
      cacheControl: noStore,
    },
    authEmailUpdateSecondary: {
      method: 'post',
      path: '/auth/v1/email/update/secondary',
      summary: 'The code sent to the new address (after the primary one): the email changes.',
      description: `${embeddedSession} 409 \`EMAIL_TAKEN\` when another user took the address meanwhile.`,
      tag: 'Embedded wallet',
      project: false,
      body: updateEmailOtpBodySchema,
      responses: { 200: { description: 'The user, with the new email.', schema: authUserSchema } },
      errors: [401, 403, 409],
      cacheControl: noStore,
    },
    authExportStart: {
      method: 'post',
      path: '/auth/v1/export/start',
      summary: 'Mails a fresh code that the frame asks for before it shows the private key.',
      description: embeddedSession,
      tag: 'Embedded wallet',
      project: false,
      responses: { 200: { description: 'Mailed.', schema: okResponseSchema } },
      errors: [401, 403],
      cacheControl: noStore,
    },
    authExportVerify: {
      method: 'post',
      path: '/auth/v1/export/verify',
      summary: 'Checks the export code (single use, 5 tries, 10 minutes).',
      description: embeddedSession,
      tag: 'Embedded wallet',
      project: false,
      body: exportVerifyBodySchema,
      responses: { 200: { description: 'The code is right.', schema: okResponseSchema } },
      errors: [401, 403],
      cacheControl: noStore,
    },
    authSignOut: {
      method: 'post',
      path: '/auth/v1/signout',
      summary: 'Ends the session: its token no longer works.',
      description: embeddedSession,
      tag: 'Embedded wallet',
      project: false,
      responses: { 200: { description: 'Signed out.', schema: okResponseSchema } },
      errors: [401, 403],
      cacheControl: noStore,
    },
    authSocialStart: {
      method: 'post',
      path: '/auth/v1/social/start',
      summary:
        "Starts a social sign-in (Google, X, Discord, GitHub, Apple, Facebook): the provider's authorization URL.",
      description: `${embeddedCaller} Stores the flow for 10 minutes, single use, bound to the frame by \`flowSecretHash\` (SHA-256 of its secret), the device and the project; at most a few open flows per device, and hourly caps per device and IP. \`appOrigin\` must be an allowed origin of the project and \`returnUrl\` a page on it (else 400). The URL asks for the authorization code with PKCE (S256), the state and, for OpenID Connect, a nonce; its redirect URI is \`<public API URL>/auth/v1/social/callback\`. With \`Authorization: Bearer <token>\` and \`link: true\` the flow links the provider to that user (401 \`SESSION_EXPIRED\` without a session). 404 \`PROVIDER_NOT_CONFIGURED\` for a provider without a client; 502 \`PROVIDER_UNAVAILABLE\` when its discovery fails.`,
      tag: 'Embedded wallet',
      project: true,
      body: socialStartBodySchema,
      responses: {
        200: { description: 'The authorization URL and state.', schema: socialStartResponseSchema },
      },
      errors: [401, 404, 502],
      cacheControl: noStore,
    },
    authSocialCallback: {
      method: 'get',
      path: '/auth/v1/social/callback',
      summary: "The provider's redirect back: a small page that hands the query string to the app.",
      description:
        "Opened top-level by the provider (no Origin check). Looks the flow up by `state` without using it. Popup mode: a page (no inline script, CSP `script-src 'self'`) that posts `{ type: 'latch:social:callback', state, search }` to its opener at the flow's `appOrigin` only and closes; without an opener it goes to `returnUrl#latch-social=<search>`. Redirect mode: a 303 there. An unknown, used or expired state: a 400 page 'This sign-in link is no longer valid. Go back to the app and start again.'",
      tag: 'Embedded wallet',
      project: false,
      query: z.object({
        state: z.string().describe('The flow id the API made.'),
        code: z.string().optional().describe("The provider's authorization code."),
        error: z.string().optional().describe('`access_denied` when the person declined.'),
      }),
      responses: {
        200: { description: 'The page that hands the answer back.', contentType: 'text/html' },
        303: { description: 'Redirect mode: back to `returnUrl#latch-social=...`.' },
      },
      cacheControl: noStore,
    },
    authSocialCallbackScript: {
      method: 'get',
      path: '/auth/v1/social/callback.js',
      summary: "The callback page's script (posts the answer to the opener, or redirects).",
      tag: 'Embedded wallet',
      project: false,
      responses: { 200: { description: 'JavaScript.', contentType: 'text/javascript' } },
      cacheControl: noStore,
    },
    authSocialVerify: {
      method: 'post',
      path: '/auth/v1/social/verify',
      summary:
        "Finishes a social sign-in with the callback's query string: a bearer session and the user.",
      description: `${embeddedCaller} The flow named by the callback's \`state\` must belong to this project, device, provider and \`flowSecret\` (compared in constant time; else 400 \`SOCIAL_STATE_MISMATCH\`), be unused and under 10 minutes old (else 400 \`SOCIAL_EXPIRED\`); it is used before the provider is asked. \`error=access_denied\`: 400 \`SOCIAL_DENIED\`. The code is traded (PKCE, state, and for OpenID Connect the ID token and nonce checked); a refused code is \`SOCIAL_EXPIRED\`, a provider that fails or times out 502 \`PROVIDER_UNAVAILABLE\`. The user is found by the provider's stable subject, never by email: a new subject is a new user (email null). A link flow (started with \`link: true\`) needs the same user's \`Authorization: Bearer\` and answers the user; 409 \`IDENTITY_TAKEN\` when another user has that identity.`,
      tag: 'Embedded wallet',
      project: true,
      body: socialVerifyBodySchema,
      responses: {
        200: {
          description: 'The session (a sign-in), or the user (a link).',
          schema: z.union([socialVerifyResponseSchema, authUserSchema]),
        },
      },
      errors: [401, 409, 502],
      cacheControl: noStore,
    },
    authFarcasterStart: {
      method: 'post',
      path: '/auth/v1/farcaster/start',
      summary:
        "Starts Sign In With Farcaster: a relay channel's URL for the QR code or the deep link.",
      description: `${embeddedCaller} Opens a channel at the Farcaster auth relay (LATCH_FARCASTER_RELAY_URL, or the devnet's) for 10 minutes; the channel token stays at the API. The flow is bound to the frame by \`flowSecretHash\`, the device and the project; hourly caps per device and IP. 502 \`PROVIDER_UNAVAILABLE\` when the relay fails. Served only where Farcaster is configured.`,
      tag: 'Embedded wallet',
      project: true,
      body: farcasterStartBodySchema,
      responses: {
        200: { description: 'The channel.', schema: farcasterStartResponseSchema },
      },
      errors: [502],
      cacheControl: noStore,
    },
    authFarcasterVerify: {
      method: 'post',
      path: '/auth/v1/farcaster/verify',
      summary: 'Asks the relay once: pending, or the signed message checked and a session.',
      description: `${embeddedCaller} The frame polls every 1.5 s. Once the Farcaster client signed, the SIWE message is checked (domain and URI the auth site's, the flow's nonce, not expired, \`farcaster://fid/<fid>\` in its resources) and its signer must be the FID's custody address in the IdRegistry (else 400 \`FARCASTER_INVALID\`); then a session opens for the FID. Wrong flow secret, device or project: 400 \`SOCIAL_STATE_MISMATCH\`; used or expired: 400 \`SOCIAL_EXPIRED\`; relay or chain down: 502 \`PROVIDER_UNAVAILABLE\`.`,
      tag: 'Embedded wallet',
      project: true,
      body: farcasterVerifyBodySchema,
      responses: {
        200: { description: 'Pending, or the session.', schema: farcasterVerifyResponseSchema },
      },
      errors: [502],
      cacheControl: noStore,
    },
  } as const satisfies Record<string, ApiRoute>
}

/**
 * Every route of the Latch API (spec section 7), by name. A test fails when the server serves a
 * route that is not listed here, or lists one it does not serve.
 */
export const apiRoutes = {
  health: {
    method: 'get',
    path: '/health',
    summary: 'Readiness probe.',
    tag: 'Meta',
    project: false,
    responses: { 200: { description: 'The API is up.', schema: healthResponseSchema } },
  },
  openApi: {
    method: 'get',
    path: '/v1/openapi.json',
    summary: 'This OpenAPI 3.1 document.',
    description: 'Generated from the zod schemas of `@latch/api-contract`; needs no project id.',
    tag: 'Meta',
    project: false,
    responses: { 200: { description: 'The document.', schema: openApiResponseSchema } },
    cacheControl: 'public, max-age=300',
  },
  supportedChains: {
    method: 'get',
    path: '/v1/supported-chains',
    summary: 'The networks this API serves.',
    tag: 'Chains',
    project: true,
    query: projectQuerySchema,
    responses: { 200: { description: 'The networks.', schema: supportedChainsResponseSchema } },
  },
  balance: {
    method: 'get',
    path: '/v1/account/:address/balance',
    summary: "An account's token balances on one chain, with prices and fiat values.",
    description:
      'Cached 30 s per account and chain; `forceUpdate=true` reads the chain again (honoured once per key every 5 s, or sooner on a new block).',
    tag: 'Account',
    project: true,
    params: z.object({ address: caipAccountParam }),
    query: balanceQuerySchema,
    responses: { 200: { description: 'The balances.', schema: balanceResponseSchema } },
    errors: [502],
  },
  history: {
    method: 'get',
    path: '/v1/account/:account/history',
    summary: "One page of an account's transactions, newest first, from the index.",
    tag: 'Account',
    project: true,
    params: z.object({ account: caipAccountParam }),
    query: historyQuerySchema,
    responses: {
      200: { description: 'One page; `next` is null on the last.', schema: historyResponseSchema },
    },
    cacheControl: 'private, no-store',
  },
  nfts: {
    method: 'get',
    path: '/v1/account/:address/nfts',
    summary: 'The ERC-721 tokens an account owns, from the index.',
    tag: 'Account',
    project: true,
    params: z.object({ address: accountIdParam }),
    query: nftsQuerySchema,
    responses: { 200: { description: 'The NFTs.', schema: nftsResponseSchema } },
    cacheControl: 'private, no-store',
  },
  nftImage: {
    method: 'get',
    path: '/v1/nft-image/:chainId/:contract/:tokenId',
    summary: "An indexed NFT's image, fetched through the API's guarded fetcher and cached.",
    tag: 'Account',
    project: true,
    params: z.object({
      chainId: chainIdParam,
      contract: addressParam,
      tokenId: z.string().regex(/^\d{1,78}$/, 'tokenId must be a decimal uint256.'),
    }),
    query: projectQuerySchema,
    responses: { 200: { description: 'The image.', contentType: 'image/*' } },
    errors: [404, 502],
    cacheControl: 'public, max-age=86400',
  },
  identity: {
    method: 'get',
    path: '/v1/identity/:address',
    summary: "An address's name and avatar.",
    tag: 'Account',
    project: true,
    params: z.object({ address: addressParam }),
    query: identityQuerySchema,
    responses: {
      200: { description: 'Null fields when it has none.', schema: identityResponseSchema },
    },
  },
  fungiblePrice: {
    method: 'post',
    path: '/v1/fungible/price',
    summary: 'Prices of CAIP-10 token addresses.',
    tag: 'Prices',
    project: true,
    query: projectQuerySchema,
    body: fungiblePriceBodySchema,
    responses: {
      200: { description: 'The tokens it can price.', schema: fungiblePriceResponseSchema },
    },
    errors: [502],
  },
  onrampOptions: {
    method: 'get',
    path: '/v1/onramp/options',
    summary: 'What can be bought and paid with, from the configured on-ramp providers.',
    description:
      "The providers' payment currencies (with each payment method's limits) and purchase currencies (with their networks), merged. When no provider answers, the built-in default list (card 10-7,500 and bank account 10-25,000, in USD and EUR) with `fallback: true` (spec section 8).",
    tag: 'On-ramp',
    project: true,
    query: projectQuerySchema,
    responses: {
      200: { description: 'The options.', schema: onrampOptionsResponseSchema },
    },
    cacheControl: 'private, max-age=60',
  },
  onrampQuote: {
    method: 'post',
    path: '/v1/onramp/quote',
    summary: "Each on-ramp provider's quote for a purchase, best first.",
    description:
      "Asks every configured provider at once (each call bounded by a timeout). A provider that fails (down, an error, a bad answer) is replaced by an estimate from the price feed and its usual fee, marked `estimated: true`. The top level is the best quote in AppKit's `OnrampQuote` shape. 400 for an unknown currency or network, or an amount outside the limits.",
    tag: 'On-ramp',
    project: true,
    query: projectQuerySchema,
    body: onrampQuoteBodySchema,
    responses: {
      200: { description: 'The quotes.', schema: onrampQuoteResponseSchema },
    },
    errors: [502],
    cacheControl: 'no-store',
  },
  onrampUrl: {
    method: 'post',
    path: '/v1/generators/onrampurl',
    summary: "A provider's checkout page for the destination wallets.",
    description:
      "The chosen provider's (`provider`, else the first configured) checkout URL, made the provider's way: a session token for Coinbase-style providers, a signed widget URL for MoonPay-style ones. 502 when the provider does not answer.",
    tag: 'On-ramp',
    project: true,
    query: projectQuerySchema,
    body: onrampUrlBodySchema,
    responses: {
      200: { description: 'The checkout URL.', schema: onrampUrlResponseSchema },
    },
    errors: [502],
    cacheControl: 'no-store',
  },
  registerName: {
    method: 'post',
    path: '/v1/profile/account',
    summary: 'Registers an account name from a message the account signed.',
    description:
      'The project id is optional here (the reference client sends only `coin_type`, `address`, `message` and `signature`): the signature is the authority. The origin check (the default allowed origins when no project is named) and the rate limits still apply; a project id that is sent must be known. An `avatar` attribute must be an https URL (or an image URL on the API origin).',
    tag: 'Names',
    project: true,
    query: projectQuerySchema,
    body: registerNameBodySchema,
    responses: {
      201: { description: 'Registered.', schema: nameProfileSchema },
      200: {
        description: 'Already registered to this address (the same name).',
        schema: nameProfileSchema,
      },
    },
    errors: [409],
  },
  setNameAttributes: {
    method: 'post',
    path: '/v1/profile/account/:name/attributes',
    summary: "Replaces a name's attributes (its avatar) with a message its address signed.",
    description:
      'The message is `createNameAttributesMessage`: `{"action":"set-attributes","name","attributes","timestamp"}`, signed by the name\'s address with the registration\'s rules (timestamp within 10 minutes, EOA, ERC-1271 or ERC-6492). Its timestamp must be later than the last update\'s (409 otherwise: no replay).',
    tag: 'Names',
    project: true,
    params: z.object({ name: z.string().min(1) }),
    query: projectQuerySchema,
    body: setNameAttributesBodySchema,
    responses: { 200: { description: 'The updated name.', schema: nameProfileSchema } },
    errors: [404, 409, 502],
  },
  nameAvatar: {
    method: 'get',
    path: '/public/getNameAvatar/:name',
    summary: "A name's avatar image, fetched through the API's guarded fetcher and cached.",
    description:
      "The identity's `avatar` points here (with `v`, the time of the name's last update). The name's `avatar` attribute is fetched from its https URL (public hosts, image types, size-capped); an avatar on the API's own origin is a 302 to it. Public: an `<img>` sends no project id.",
    tag: 'Names',
    project: false,
    params: z.object({ name: z.string().min(1) }),
    query: z.object({ v: z.string().optional().describe('Cache buster: the last update time.') }),
    responses: {
      200: { description: 'The image.', contentType: 'image/*' },
      302: { description: 'The avatar is an image of this API: its URL.' },
    },
    errors: [404, 502],
    cacheControl: 'public, max-age=300',
  },
  nameProfile: {
    method: 'get',
    path: '/v1/profile/account/:name',
    summary: 'A registered name and its addresses.',
    tag: 'Names',
    project: true,
    params: z.object({ name: z.string().min(1) }),
    query: nameProfileQuerySchema,
    responses: { 200: { description: 'The name.', schema: nameProfileSchema } },
    errors: [404],
  },
  reverseNames: {
    method: 'get',
    path: '/v1/profile/reverse/:address',
    summary: "An address's names, newest first.",
    tag: 'Names',
    project: true,
    params: z.object({ address: addressParam }),
    query: reverseNamesQuerySchema,
    responses: {
      200: { description: '`[]` when it has none.', schema: reverseNamesResponseSchema },
    },
  },
  nameSuggestions: {
    method: 'get',
    path: '/v1/profile/suggestions/:name',
    summary: 'Free names to offer for what the person typed.',
    tag: 'Names',
    project: true,
    params: z.object({ name: z.string().min(1) }),
    query: nameSuggestionsQuerySchema,
    responses: { 200: { description: 'The suggestions.', schema: nameSuggestionsResponseSchema } },
  },
  authNonce: {
    method: 'post',
    path: '/v1/auth/nonce',
    summary: 'A single-use sign-in nonce (10 minutes).',
    tag: 'Sign-in',
    project: true,
    query: projectQuerySchema,
    body: nonceBodySchema,
    responses: { 200: { description: 'The nonce.', schema: nonceResponseSchema } },
    cacheControl: 'no-store',
  },
  createSession: {
    method: 'post',
    path: '/v1/sessions',
    summary:
      'Signs in with an EIP-4361 (or Solana/Bitcoin CAIP-122) message and its signature (needs the page `Origin`).',
    tag: 'Sign-in',
    project: true,
    query: projectQuerySchema,
    body: createSessionBodySchema,
    responses: { 201: { description: 'The new session.', schema: createSessionResponseSchema } },
  },
  sessions: {
    method: 'get',
    path: '/v1/sessions/:address',
    summary: "An address's active sessions, newest first.",
    tag: 'Sign-in',
    project: true,
    params: z.object({ address: caipAccountParam }),
    query: projectQuerySchema,
    responses: { 200: { description: 'The sessions.', schema: sessionsResponseSchema } },
    cacheControl: 'private, no-store',
  },
  revokeSession: {
    method: 'post',
    path: '/v1/sessions/:address/revoke',
    summary: 'Revokes a session, signed by its address.',
    tag: 'Sign-in',
    project: true,
    params: z.object({ address: caipAccountParam }),
    query: projectQuerySchema,
    body: revokeSessionBodySchema,
    responses: {
      200: {
        description: 'Revoked (also when it already was).',
        schema: revokeSessionResponseSchema,
      },
    },
  },
  tokenImage: {
    method: 'get',
    path: '/public/getTokenImage/:chainId/:address',
    summary: "A token's generated SVG icon (public: no project id).",
    tag: 'Wallets',
    project: false,
    params: imageParams,
    responses: { 200: { description: 'The icon.', contentType: svg } },
    cacheControl: 'public, max-age=86400',
  },
  tokenSymbolImage: {
    method: 'get',
    path: '/public/getTokenImage/:id',
    summary: "A token's SVG image by symbol: the repo's list, else generated (public).",
    tag: 'Wallets',
    project: false,
    params: z.object({ id: tokenSymbolImageIdParam }),
    responses: { 200: { description: 'The image.', contentType: svg } },
    cacheControl: publicImageCacheControl,
  },
  assetImage: {
    method: 'get',
    path: '/public/getAssetImage/:id',
    summary: "A network's SVG image: the repo's list, else generated (public).",
    tag: 'Wallets',
    project: false,
    params: z.object({ id: assetImageIdParam }),
    responses: { 200: { description: 'The image.', contentType: svg } },
    cacheControl: publicImageCacheControl,
  },
  currencyImage: {
    method: 'get',
    path: '/public/getCurrencyImage/:id',
    summary: "A fiat currency's SVG image: the repo's list, else generated (public).",
    tag: 'Wallets',
    project: false,
    params: z.object({ id: currencyImageIdParam }),
    responses: { 200: { description: 'The image.', contentType: svg } },
    cacheControl: publicImageCacheControl,
  },
  analyticsConfig: {
    method: 'get',
    path: '/getAnalyticsConfig',
    summary: "Whether the project's analytics events are collected.",
    description:
      "Off unless the operator enables analytics (LATCH_ANALYTICS=on, or the project's `analytics` feature).",
    tag: 'Project',
    project: true,
    query: projectQuerySchema,
    responses: { 200: { description: 'The switch.', schema: analyticsConfigResponseSchema } },
  },
  analyticsEvents: {
    method: 'post',
    path: '/e',
    summary: 'Records analytics events (one, or a batch of up to 25).',
    description:
      'Stored without the IP, and without the address unless LATCH_ANALYTICS_KEEP_ADDRESS=on. Bodies over 16 KB are refused (413); analytics off for the project answers 404; an origin off the list 403.',
    tag: 'Project',
    project: true,
    query: projectQuerySchema,
    body: analyticsBodySchema,
    responses: { 200: { description: 'How many were stored.', schema: analyticsResponseSchema } },
    errors: [404, 413],
  },
  getWallets: {
    method: 'get',
    path: '/getWallets',
    summary: 'One page of the wallet registry.',
    tag: 'Wallets',
    project: true,
    query: getWalletsQuerySchema,
    responses: {
      200: { description: 'The page and the filtered count.', schema: getWalletsResponseSchema },
    },
    cacheControl: 'public, max-age=300',
  },
  walletImage: {
    method: 'get',
    path: '/getWalletImage/:id',
    summary: "A wallet's image.",
    tag: 'Wallets',
    project: true,
    params: walletImageParamsSchema,
    query: projectQuerySchema,
    responses: { 200: { description: 'The image.', contentType: svg } },
    errors: [404],
    cacheControl: 'public, max-age=86400, immutable',
  },
  projectOrigins: {
    method: 'get',
    path: '/projects/v1/origins',
    summary: 'The origins allowed to use the calling project.',
    tag: 'Project',
    project: true,
    query: projectQuerySchema,
    responses: { 200: { description: 'The origins.', schema: projectOriginsResponseSchema } },
  },
  rpc: {
    method: 'post',
    path: '/v1/',
    summary: "JSON-RPC 2.0 to the chain's node (spec section 7's default RPC endpoint).",
    description:
      "One request or a batch, for the allowed methods; also served at `/v1`. Failures of the call itself answer JSON-RPC errors (-32600, -32601, -32602, -32603) with HTTP 200; the project, origin and rate-limit refusals keep their HTTP status. `chainId=solana:<first 32 characters of the genesis hash>` relays Solana JSON-RPC to that network's configured node: `getBalance`, `getAccountInfo`, `getMultipleAccounts`, `getLatestBlockhash`, `sendTransaction`, `simulateTransaction`, `getSignatureStatuses`, `getTokenAccountsByOwner`, `getTokenAccountBalance`, `getMinimumBalanceForRentExemption`, `getFeeForMessage`, `getSlot`, `getBlockHeight`, `getGenesisHash`, `getSignaturesForAddress`, `getTransaction`, and `requestAirdrop` on the devnet's own chain only; any other method is -32601, params that do not fit -32602; the node's own errors (-32002 simulation failed, ...) pass through; a node that fails or does not answer within LATCH_RPC_TIMEOUT_MS is -32603 naming the chain. A Solana body over 48 KB is a 413; each `sendTransaction` or `requestAirdrop` also counts as a write in the rate limits.",
    tag: 'Chains',
    project: true,
    query: rpcQuerySchema,
    body: z.union([jsonRpcRequestSchema, z.array(jsonRpcRequestSchema)]),
    responses: {
      200: { description: 'The response, or an array for a batch.', schema: jsonRpcBodySchema },
      204: { description: 'Only notifications (no id): nothing to answer.' },
    },
  },
  bundler: {
    method: 'post',
    path: '/v1/bundler',
    summary: "ERC-4337 JSON-RPC to the chain's bundler (spec section 7).",
    description: `One request of ${bundlerRpcMethods.map((method) => `\`${method}\``).join(', ')}; any other method is JSON-RPC -32601. \`bundler\` names one of the network's configured bundlers (LATCH_NETWORKS' \`accountAbstraction.bundlers\`; the first by default; another name is a 400). A network without \`accountAbstraction\` is a 400 'Smart accounts are not configured for eip155:N.'. The bundler's own JSON-RPC errors pass through; a non-OK HTTP status from it is JSON-RPC -32603 'Failed to fetch user operation receipt - {status}', and a bundler that does not answer in time -32603 naming the chain; nothing is retried. Counted as writes in the rate limits.`,
    tag: 'Chains',
    project: true,
    query: bundlerQuerySchema,
    body: jsonRpcRequestSchema,
    responses: {
      200: { description: 'The JSON-RPC response.', schema: jsonRpcResponseSchema },
      204: { description: 'A notification (no id): forwarded, nothing to answer.' },
    },
  },
  paymaster: {
    method: 'post',
    path: '/v1/paymaster',
    summary: "ERC-7677 JSON-RPC to the chain's paymaster service (gas sponsorship).",
    description: `One request of ${paymasterRpcMethods.map((method) => `\`${method}\``).join(', ')}; any other method is JSON-RPC -32601. A network without \`accountAbstraction.paymasterUrl\` is a 400 'Gas sponsorship is not configured for eip155:N.'. Failures answer as for \`/v1/bundler\`. Counted as writes in the rate limits.`,
    tag: 'Chains',
    project: true,
    query: paymasterQuerySchema,
    body: jsonRpcRequestSchema,
    responses: {
      200: { description: 'The JSON-RPC response.', schema: jsonRpcResponseSchema },
      204: { description: 'A notification (no id): forwarded, nothing to answer.' },
    },
  },
  ...convertRoutes(),
  ...embeddedWalletRoutes(),
} as const satisfies Record<string, ApiRoute>

export type ApiRouteName = keyof typeof apiRoutes
