import { type FrameRequestParams, supportedChainsResponseSchema } from '@latch/api-contract'
import {
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionEncoder,
  type Transaction,
} from '@solana/kit'
import { formatUnits } from 'viem'
import { FrameRequestError, unauthorized } from '../../errors/frameRequest.ts'
import type { FrameContext, FrameSolanaNetwork } from '../frameContext.ts'
import { revealPrivateKey } from '../walletKeys.ts'
import { deriveSolanaKey, type SolanaKey, signWithSolanaKey } from './deriveSolanaKey.ts'
import { describeSolanaTransaction } from './describeSolanaTransaction.ts'
import { createSolanaRpc } from './solanaRpc.ts'

/*
 * The embedded wallet's Solana account (issue 16): an ed25519 key derived in the frame from
 * the wallet's one secret (`deriveSolanaKey`), put together only to sign and dropped after,
 * as the EVM key is. This module loads on the first Solana request, not with the frame.
 */

/**
 * Runs `use` with the wallet's Solana key: the wallet key is put together from its shares
 * (checked against the wallet's address), the Solana key derived from it, and both are
 * dropped when `use` returns.
 */
async function withSolanaKey<value>(
  context: FrameContext,
  use: (key: SolanaKey) => Promise<value> | value,
): Promise<value> {
  let evmKey: string | undefined = await revealPrivateKey(context)
  let key: SolanaKey | undefined = await deriveSolanaKey(evmKey)
  evmKey = undefined
  try {
    return await use(key)
  } finally {
    key = undefined
  }
}

/**
 * The wallet's Solana address (base58) for the signed-in wallet `owner` (its EVM address).
 * Public: kept for the frame's life so `getUser` does not derive it again.
 */
export async function getSolanaAddress(context: FrameContext, owner: string): Promise<string> {
  const known = context.state.solanaAccount
  if (known && known.owner.toLowerCase() === owner.toLowerCase()) return known.address
  const address = await withSolanaKey(context, (key) => key.address)
  context.state.solanaAccount = { owner, address }
  return address
}

/** The app's Solana network `caipNetworkId` (4901 when the app did not list it). */
function solanaNetwork(context: FrameContext, caipNetworkId: string): FrameSolanaNetwork {
  const network = context.state.solanaNetworks?.find(
    (entry) => entry.caipNetworkId === caipNetworkId,
  )
  if (!network)
    throw new FrameRequestError(
      4901,
      `The network ${caipNetworkId} is not one of this app's networks.`,
    )
  return network
}

/** The signed-in wallet's Solana address; 4100 when `address` names another account. */
async function checkSolanaAccount(context: FrameContext, address: string): Promise<string> {
  const session = await context.sessions.getSession()
  if (!session?.address) throw unauthorized()
  const own = await getSolanaAddress(context, session.address)
  if (own !== address)
    throw new FrameRequestError(4100, 'The request names another account than this wallet.')
  return own
}

/**
 * A network's name for the confirmation: the API's (`GET /v1/supported-chains`, asked once),
 * never the page's; its CAIP-2 id when the API does not answer.
 */
async function networkName(context: FrameContext, caipNetworkId: string): Promise<string> {
  context.state.namespaceNetworkNames ??= (async () => {
    const url = new URL('/v1/supported-chains', context.config.apiUrl)
    url.searchParams.set('projectId', context.config.projectId)
    const response = await context.fetchFn(url, {
      signal: AbortSignal.timeout(10_000),
      credentials: 'omit',
    })
    const parsed = supportedChainsResponseSchema.parse(await response.json())
    return new Map(parsed.namespaceNetworks.map((entry) => [entry.caipNetworkId, entry.name]))
  })().catch(() => {
    context.state.namespaceNetworkNames = undefined
    return new Map<string, string>()
  })
  return (await context.state.namespaceNetworkNames).get(caipNetworkId) ?? caipNetworkId
}

async function confirm(
  context: FrameContext,
  request: Parameters<FrameContext['ui']['confirmRequest']>[0],
) {
  const confirmed = await context.dialog(() => context.ui.confirmRequest(request))
  if (!confirmed) throw new FrameRequestError(4001, 'User rejected the request.')
}

const shorten = (text: string, max = 4000) => (text.length > max ? `${text.slice(0, max)}…` : text)

/** `solanaSignMessage`: shows the text, then signs its UTF-8 bytes with ed25519 (base58). */
export async function signSolanaMessage(
  context: FrameContext,
  params: FrameRequestParams<'solanaSignMessage'>,
  origin: string,
): Promise<{ signature: string }> {
  solanaNetwork(context, params.caipNetworkId)
  const address = await checkSolanaAccount(context, params.address)
  await confirm(context, {
    origin,
    networkName: await networkName(context, params.caipNetworkId),
    kind: 'message',
    details: [
      { label: 'Account', value: address },
      { label: 'Message', value: shorten(params.message) },
    ],
  })
  const bytes = new TextEncoder().encode(params.message)
  const signature = await withSolanaKey(context, (key) => signWithSolanaKey(key, bytes))
  return { signature: getBase58Decoder().decode(signature) }
}

/**
 * `solanaSignAndSendTransaction`: decodes the transaction and shows what it does (each
 * transfer's amount and receiver, a new token account's rent, the network's fee), then signs
 * it as its fee payer and sends it through the app's Solana RPC. Answers the signature; the
 * page follows its confirmation.
 */
export async function signAndSendSolanaTransaction(
  context: FrameContext,
  params: FrameRequestParams<'solanaSignAndSendTransaction'>,
  origin: string,
): Promise<{ signature: string }> {
  const network = solanaNetwork(context, params.caipNetworkId)
  const address = await checkSolanaAccount(context, params.address)
  if (!network.rpcUrl)
    throw new FrameRequestError(
      4200,
      `The app has no Solana RPC for ${params.caipNetworkId}: the wallet cannot send there.`,
    )
  const rpc = createSolanaRpc(network.rpcUrl, context.fetchFn)
  const wire = new Uint8Array(getBase64Encoder().encode(params.transaction))
  const description = await describeSolanaTransaction(wire, address, rpc)
  const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`
  await confirm(context, {
    origin,
    networkName: await networkName(context, params.caipNetworkId),
    kind: 'transaction',
    details: [
      { label: 'From', value: address },
      ...description.transfers.flatMap((transfer) => [
        {
          label: 'Send',
          value:
            transfer.token === 'SOL'
              ? `${transfer.amount} SOL`
              : `${transfer.amount} (token ${transfer.token})`,
        },
        { label: 'To', value: transfer.to },
      ]),
      ...description.createdAccounts.map((account) => ({
        label: 'New token account',
        value: `${account.owner} (rent ${sol(account.rent)})`,
      })),
      { label: 'Network fee', value: sol(description.fee) },
    ],
  })
  const signature = await withSolanaKey(context, (key) =>
    signWithSolanaKey(key, description.messageBytes),
  )
  const signed = getTransactionEncoder().encode({
    messageBytes: description.messageBytes,
    signatures: { [address]: signature },
  } as unknown as Transaction)
  const expected = getBase58Decoder().decode(signature)
  const sent = await rpc<string>('sendTransaction', [
    getBase64Decoder().decode(signed),
    { encoding: 'base64', preflightCommitment: 'confirmed' },
  ])
  if (sent !== expected)
    throw new FrameRequestError(
      -32603,
      'The Solana network answered another transaction’s signature.',
    )
  return { signature: expected }
}
