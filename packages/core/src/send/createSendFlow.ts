import { estimateTransfer } from '../actions/estimateTransfer.ts'
import { getMaxTransferAmount } from '../actions/getMaxTransferAmount.ts'
import { getTokenBalances, isNativeBalance } from '../actions/getTokenBalances.ts'
import { getTransferNamespace } from '../actions/getTransferNamespace.ts'
import { isTransferNamespaceSupported } from '../actions/isTransferNamespaceSupported.ts'
import { resolveAccountName } from '../actions/resolveAccountName.ts'
import { sendTransfer } from '../actions/sendTransfer.ts'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SignatureDeclinedError } from '../errors/signature.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { ensCacheMs } from '../timings.ts'
import type { Hex, Scheduler, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import { formatTokenUnits } from './formatTokenUnits.ts'
import { parseTokenAmount } from './parseTokenAmount.ts'
import { readReceiver } from './readReceiver.ts'
import {
  type NameResolution,
  type SendFormValidation,
  validateSendForm,
} from './validateSendForm.ts'

/** A balance the person can send from. */
export type SendFlowToken = {
  /** The balance's id: its token address (CAIP-10, as the API gives it), else its symbol. */
  id: string
  symbol: string
  name: string
  /** Undefined for a native coin the API lists without an address. */
  address: string | undefined
  decimals: number
  /** In the smallest unit. */
  balance: bigint
  /** The balance as the API gives it ("1000.5"), for display. */
  numeric: string
  /** The native coin also pays the fee. */
  native: boolean
  /** In the flow's currency; 0 when unknown. */
  price: number
  iconUrl: string | undefined
}

/** A typed name and where its resolution (on the account's chain) stands. */
export type SendFlowName = { name: string } & (
  | { status: 'pending' }
  | { status: 'error'; error: Error }
  | { status: 'success'; address: string }
)

/** The network fee of the transfer as it stands; `value` stays while a new one is asked. */
export type SendFlowFee = {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** In the native coin's smallest unit, when known. */
  value: bigint | undefined
  error?: Error | undefined
}

/** What is being sent, from the moment the wallet is asked until the receipt. */
export type SendFlowTransfer = {
  /** 'approving': the wallet was asked to sign; 'confirming': sent, awaiting the receipt. */
  status: 'approving' | 'confirming'
  token: { address: string | undefined; symbol: string; decimals: number }
  /** In the smallest unit, and as the person reads it ("1.5"). */
  amount: bigint
  amountText: string
  /** The receiver's address, and how to show it (the name when one was typed). */
  to: string
  toLabel: string
  hash?: Hex | undefined
}

/** A transfer that landed: what was sent and its receipt. */
export type SendFlowSent = Omit<SendFlowTransfer, 'status'> & { hash: Hex; blockNumber: bigint }

export type SendFlowState = {
  /** The account sending, and its chain: the connected ones, followed as they change. */
  address: string | undefined
  /** eip155: the chain id; undefined on Solana and Bitcoin (see `caipNetworkId`). */
  chainId: number | undefined
  /** The account's network as CAIP-2 (any namespace). */
  caipNetworkId: CaipNetworkId | undefined
  /** The account's namespace: eip155, solana (sends SOL and SPL tokens) or bip122 (cannot). */
  namespace: string
  currency: FiatCurrency
  tokens: readonly SendFlowToken[]
  tokensStatus: 'pending' | 'error' | 'success'
  /** The native coin's price in `currency` (for the fee's value); 0 when unknown. */
  nativePrice: number
  /** The chosen token's id; none at first and after a transfer. */
  tokenId: string | undefined
  /** As typed, dot-decimal ("1.5"). */
  amount: string
  /** As typed: an address or a name. */
  receiver: string
  /** The person tried to send: missing fields are now pointed out. */
  submitted: boolean
  /** The name typed as receiver, when one is. */
  name: SendFlowName | undefined
  fee: SendFlowFee
  /** What is wrong with the form (messages of `sendFormMessages`), or the transfer it makes. */
  validation: SendFormValidation
  /** The chain cannot send ('Unsupported chain'). */
  unsupportedChain: boolean
  transfer: SendFlowTransfer | undefined
  /** Why the last attempt did not send (`SignatureDeclinedError`, a failure), until the next. */
  failure: Error | undefined
  /** The last transfer that landed, until the form is used again. */
  sent: SendFlowSent | undefined
}

export type SendFlowSubmitResult =
  /** The form is not ready: `validation` says why (now shown, `submitted`). */
  | { status: 'invalid' }
  /** A transfer is under way already. */
  | { status: 'busy' }
  | ({
      status: 'sent'
      /** The balances read again past the API's cache (the form is already empty). */
      refreshed: Promise<void>
    } & SendFlowSent)
  /** The person declined in the wallet: back to the form with its inputs. */
  | { status: 'declined'; error: SignatureDeclinedError }
  | { status: 'failed'; error: Error }

export type CreateSendFlowParameters = {
  /** Fiat currency of prices and values; default the app's setting (`options.currency`). */
  currency?: FiatCurrency | undefined
  /** Typing settles this long before a name is resolved or the fee estimated; default 300. */
  debounceMs?: number | undefined
  /** The fee is estimated again this often while the flow is watched; default 15 s, 0: never. */
  feeRefreshMs?: number | undefined
  /** A resolved name is kept this long (spec section 9, as ENS names); default 5 min. */
  nameCacheMs?: number | undefined
  scheduler?: Scheduler | undefined
  /** Default `Date.now`. */
  now?: (() => number) | undefined
}

export type SendFlow = {
  getState(): SendFlowState
  /** Watching the flow loads the balances and follows the account; the last one leaving stops. */
  subscribe(listener: (state: SendFlowState, previous: SendFlowState) => void): Unsubscribe
  setToken(tokenId: string | undefined): void
  setAmount(amount: string): void
  setReceiver(receiver: string): void
  /** The most that can be sent: the whole token balance, or the coin less its fee × 1.2. */
  max(): Promise<void>
  /** Checks the form and, when it is ready, has the wallet send it and waits for the receipt. */
  submit(): Promise<SendFlowSubmitResult>
  /** Empties the form (not a transfer under way). */
  reset(): void
  /** Reads the balances again (`forceUpdate`: past the API's cache). */
  refresh(parameters?: { forceUpdate?: boolean | undefined }): Promise<void>
}

const emptyForm = {
  tokenId: undefined,
  amount: '',
  receiver: '',
  submitted: false,
  name: undefined,
  failure: undefined,
} satisfies Partial<SendFlowState>

/**
 * The Send form of spec sections 4 and 5 without a framework: the account's balances as
 * token choices, the typed amount and receiver, name resolution on the account's chain, the
 * fee estimate, Max, validation in the spec's words, then submitting through the wallet and
 * emptying the form once the receipt is in. A declined signature comes back to the form
 * with its inputs and a `SignatureDeclinedError`. Views render `getState()`.
 */
export function createSendFlow(
  config: LatchConfig,
  parameters: CreateSendFlowParameters = {},
): SendFlow {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const debounceMs = parameters.debounceMs ?? 300
  const feeRefreshMs = parameters.feeRefreshMs ?? 15_000
  const nameCacheMs = parameters.nameCacheMs ?? ensCacheMs
  const now = parameters.now ?? Date.now
  const suffix = config.options.nameSuffix

  const store = createStore<SendFlowState>(
    derive({
      address: undefined,
      chainId: undefined,
      caipNetworkId: undefined,
      namespace: 'eip155',
      currency: parameters.currency ?? config.options.currency,
      tokens: [],
      tokensStatus: 'pending',
      nativePrice: 0,
      ...emptyForm,
      fee: { status: 'idle', value: undefined },
      validation: {},
      unsupportedChain: false,
      transfer: undefined,
      sent: undefined,
    }),
  )
  const set = (next: Partial<SendFlowState>) =>
    store.setState((state) => derive({ ...state, ...next }))

  // Later answers win: each request keeps the number it was sent with.
  let tokensRequest = 0
  let nameRequest = 0
  let feeRequest = 0
  let nameTimer: unknown
  let feeTimer: unknown
  let refreshTimer: unknown
  let watchers = 0
  let stopAccount: Unsubscribe | undefined
  let feeKey: string | undefined
  const names = new Map<string, { address: string; at: number }>()

  function selectedToken(state: SendFlowState) {
    return state.tokens.find((token) => token.id === state.tokenId)
  }

  /** The resolution the form goes by: that of the name typed now, on the account's chain. */
  function resolutionOf(state: SendFlowState): NameResolution | undefined {
    const receiver = readReceiver(state.receiver, suffix, state.namespace)
    if (receiver.kind !== 'name') return undefined
    if (state.name?.name !== receiver.name || state.name.status === 'pending')
      return { status: 'pending' }
    return state.name.status === 'error'
      ? { status: 'error' }
      : { status: 'success', address: state.name.address }
  }

  /** The account's network is known (an EVM chain id, or a Solana/Bitcoin CAIP-2 id). */
  function hasNetwork(state: SendFlowState): boolean {
    return (
      state.chainId !== undefined ||
      (state.namespace !== 'eip155' && state.caipNetworkId !== undefined)
    )
  }

  function isUnsupported(state: SendFlowState): boolean {
    if (state.namespace !== 'eip155')
      return (
        state.caipNetworkId !== undefined &&
        (!isTransferNamespaceSupported(state.namespace) ||
          !config.caipNetworks.some((network) => network.caipNetworkId === state.caipNetworkId))
      )
    if (state.chainId === undefined) return false
    const namespace = getTransferNamespace(config, undefined)
    return (
      !isTransferNamespaceSupported(namespace) ||
      !config.networks.some((network) => network.id === state.chainId)
    )
  }

  function derive(state: SendFlowState): SendFlowState {
    const token = selectedToken(state)
    const unsupportedChain = isUnsupported(state)
    const validation = validateSendForm({
      token,
      amount: state.amount,
      receiver: readReceiver(state.receiver, suffix, state.namespace),
      resolution: resolutionOf(state),
      namespace: state.namespace,
      fee: token?.native ? state.fee.value : undefined,
      nameSuffix: suffix,
      unsupportedChain,
    })
    return { ...state, validation, unsupportedChain }
  }

  /** The receiver's address as far as it is known: as typed, or the name's. */
  function knownReceiver(state: SendFlowState): string | undefined {
    const receiver = readReceiver(state.receiver, suffix, state.namespace)
    if (receiver.kind === 'address') return receiver.address
    const resolution = resolutionOf(state)
    return resolution?.status === 'success' ? resolution.address : undefined
  }

  // Balances -----------------------------------------------------------------------------

  async function loadTokens(forceUpdate = false): Promise<void> {
    const state = store.getState()
    const { address, chainId, caipNetworkId, currency } = state
    const request = ++tokensRequest
    if (!address || !hasNetwork(state)) {
      set({ tokens: [], tokensStatus: 'pending', nativePrice: 0 })
      return
    }
    try {
      const balances = await getTokenBalances(config, {
        address,
        ...(state.namespace === 'eip155' ? { chainId } : { caipNetworkId }),
        currency,
        forceUpdate,
      })
      if (request !== tokensRequest) return
      set({
        tokens: balances.tokens.map((entry) => {
          const decimals = Number(entry.quantity.decimals)
          const parsed = parseTokenAmount(entry.quantity.numeric, decimals)
          return {
            id: entry.address ?? entry.symbol,
            symbol: entry.symbol,
            name: entry.name,
            address: entry.address,
            decimals,
            balance: parsed.status === 'valid' ? parsed.value : 0n,
            numeric: entry.quantity.numeric,
            native: isNativeBalance(entry),
            price: entry.price,
            iconUrl: entry.iconUrl || undefined,
          }
        }),
        tokensStatus: 'success',
        nativePrice: balances.native.price,
      })
      scheduleFee(0)
    } catch {
      if (request === tokensRequest) set({ tokensStatus: 'error' })
    }
  }

  /** Follows the connected account: another address or chain reads balances and names again. */
  function followAccount(): void {
    const { address, chainId, caipNetworkId, activeNamespace } = config.getState()
    const namespace = activeNamespace ?? 'eip155'
    const state = store.getState()
    if (
      address === state.address &&
      chainId === state.chainId &&
      (namespace === 'eip155' || caipNetworkId === state.caipNetworkId)
    )
      return
    feeKey = undefined
    // Balances are per account and chain: none of the old ones can be chosen meanwhile.
    set({
      address,
      chainId,
      caipNetworkId,
      namespace,
      tokens: [],
      tokensStatus: 'pending',
      nativePrice: 0,
      fee: { status: 'idle', value: undefined },
    })
    void loadTokens()
    // A name resolves per chain: on another one it may have another address, or none.
    scheduleName(0)
  }

  // Name resolution -----------------------------------------------------------------------

  function scheduleName(delay: number): void {
    scheduler.clearTimeout(nameTimer)
    // An answer still on its way is for what was typed before.
    nameRequest += 1
    const state = store.getState()
    const receiver = readReceiver(state.receiver, suffix, state.namespace)
    if (receiver.kind !== 'name') {
      if (state.name) set({ name: undefined })
      return
    }
    const cached = names.get(`${state.chainId}:${receiver.name}`)
    if (cached && now() - cached.at < nameCacheMs) {
      set({ name: { name: receiver.name, status: 'success', address: cached.address } })
      scheduleFee(delay)
      return
    }
    set({ name: { name: receiver.name, status: 'pending' } })
    nameTimer = scheduler.setTimeout(() => void resolveName(receiver.name), delay)
  }

  async function resolveName(name: string): Promise<void> {
    const request = ++nameRequest
    const { chainId } = store.getState()
    try {
      const resolved = await resolveAccountName(config, { name, chainId })
      if (request !== nameRequest) return
      names.set(`${chainId}:${name}`, { address: resolved.address, at: now() })
      set({ name: { name, status: 'success', address: resolved.address } })
      scheduleFee(0)
    } catch (error) {
      if (request !== nameRequest) return
      set({ name: { name, status: 'error', error: toError(error) } })
    }
  }

  // Fee ------------------------------------------------------------------------------------

  function scheduleFee(delay: number): void {
    scheduler.clearTimeout(feeTimer)
    feeTimer = scheduler.setTimeout(() => void estimateFee(), delay)
  }

  /**
   * The fee of the transfer as it stands (nothing typed yet: of sending 0 to oneself), or of
   * `amount`; undefined when there is none to estimate or it failed (`fee.error` says why).
   */
  async function estimateFee(
    options: { force?: boolean; amount?: bigint } = {},
  ): Promise<bigint | undefined> {
    const state = store.getState()
    const token = selectedToken(state)
    if (!token || !hasNetwork(state) || state.unsupportedChain) {
      feeRequest += 1
      feeKey = undefined
      if (state.fee.status !== 'idle') set({ fee: { status: 'idle', value: undefined } })
      return undefined
    }
    const parsed = parseTokenAmount(state.amount, token.decimals)
    const amount =
      options.amount ??
      (parsed.status === 'valid' && parsed.value <= token.balance ? parsed.value : 0n)
    const to = knownReceiver(state)
    const key = [state.caipNetworkId ?? state.chainId, token.id, to, amount].join(':')
    if (!options.force && key === feeKey && state.fee.status === 'success') return state.fee.value
    const request = ++feeRequest
    feeKey = key
    set({ fee: { status: 'pending', value: state.fee.value } })
    try {
      const { fee } = await estimateTransfer(config, {
        // eip155: the connected wallet's namespace decides, as before Solana.
        namespace: state.namespace === 'eip155' ? undefined : state.namespace,
        chainId: state.chainId,
        to,
        token: { address: token.address },
        amount,
      })
      if (request === feeRequest) set({ fee: { status: 'success', value: fee } })
      return fee
    } catch (error) {
      if (request === feeRequest) {
        feeKey = undefined
        set({ fee: { status: 'error', value: undefined, error: toError(error) } })
      }
      return undefined
    } finally {
      // Fees move with every block: asked again while someone watches.
      if (request === feeRequest && watchers > 0 && feeRefreshMs > 0) {
        scheduler.clearTimeout(refreshTimer)
        refreshTimer = scheduler.setTimeout(() => void estimateFee({ force: true }), feeRefreshMs)
      }
    }
  }

  // Inputs ----------------------------------------------------------------------------------

  function edit(next: Partial<SendFlowState>): void {
    set({ ...next, failure: undefined, sent: undefined })
  }

  async function submit(): Promise<SendFlowSubmitResult> {
    set({ submitted: true })
    const state = store.getState()
    if (state.transfer) return { status: 'busy' }
    const token = selectedToken(state)
    const checked = state.validation.transfer
    if (!checked || !token || !hasNetwork(state)) return { status: 'invalid' }
    const details = {
      token: { address: token.address, symbol: token.symbol, decimals: token.decimals },
      amount: checked.amount,
      amountText: formatTokenUnits(checked.amount, token.decimals),
      to: checked.to,
      toLabel: state.name?.status === 'success' ? state.name.name : checked.to,
    }
    set({ transfer: { status: 'approving', ...details }, failure: undefined, sent: undefined })
    try {
      const receipt = await sendTransfer(config, {
        // eip155: the connected wallet's namespace decides, as before Solana.
        namespace: state.namespace === 'eip155' ? undefined : state.namespace,
        chainId: state.chainId,
        to: checked.to,
        token: { address: token.address },
        amount: checked.amount,
        summary: { amount: details.amountText, symbol: token.symbol, to: details.toLabel },
        onSubmitted: (hash) => {
          const { transfer } = store.getState()
          if (transfer) set({ transfer: { ...transfer, status: 'confirming', hash } })
        },
      })
      const sent = { ...details, hash: receipt.hash, blockNumber: receipt.blockNumber }
      // Sent: the form empties, and the balances are read again past the API's cache.
      scheduler.clearTimeout(nameTimer)
      nameRequest += 1
      feeKey = undefined
      set({ ...emptyForm, transfer: undefined, sent, fee: { status: 'idle', value: undefined } })
      const refreshed = loadTokens(true)
      return { status: 'sent', refreshed, ...sent }
    } catch (cause) {
      const declined = cause instanceof Error && cause.name === 'UserRejectedRequestError'
      const error = declined
        ? new SignatureDeclinedError({ cause: toError(cause) })
        : toError(cause)
      set({ transfer: undefined, failure: error })
      return declined
        ? { status: 'declined', error: error as SignatureDeclinedError }
        : { status: 'failed', error }
    }
  }

  return {
    getState: store.getState,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      watchers += 1
      if (watchers === 1) {
        stopAccount = config.subscribe(followAccount)
        if (store.getState().address === config.getState().address) void loadTokens()
        followAccount()
      }
      let active = true
      return () => {
        if (!active) return
        active = false
        unsubscribe()
        watchers -= 1
        if (watchers === 0) {
          stopAccount?.()
          stopAccount = undefined
          scheduler.clearTimeout(refreshTimer)
        }
      }
    },
    setToken(tokenId) {
      edit({ tokenId })
      scheduleFee(0)
    },
    setAmount(amount) {
      edit({ amount })
      scheduleFee(debounceMs)
    },
    setReceiver(receiver) {
      edit({ receiver })
      scheduleName(debounceMs)
      scheduleFee(debounceMs)
    },
    async max() {
      const token = selectedToken(store.getState())
      if (!token) return
      if (!token.native) return edit({ amount: formatTokenUnits(token.balance, token.decimals) })
      // What 0 costs to send is what the maximum costs (a value transfer's gas does not vary).
      const fee = await estimateFee({ force: true, amount: 0n })
      if (fee === undefined || store.getState().tokenId !== token.id) return
      const max = getMaxTransferAmount({ balance: token.balance, fee })
      edit({ amount: formatTokenUnits(max, token.decimals) })
      scheduleFee(0)
    },
    submit,
    reset() {
      scheduler.clearTimeout(nameTimer)
      nameRequest += 1
      feeKey = undefined
      set({ ...emptyForm, sent: undefined, fee: { status: 'idle', value: undefined } })
      scheduleFee(0)
    },
    refresh: (options = {}) => loadTokens(options.forceUpdate ?? false),
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
