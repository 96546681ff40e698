import { isNativeCoinAddress, type SwapQuote } from '@latch/api-contract'
import { getCapabilities, supportsAtomicBatch } from '../actions/getCapabilities.ts'
import { getTokenBalances } from '../actions/getTokenBalances.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SignatureDeclinedError } from '../errors/signature.ts'
import { SwapNetworkNotSupportedError } from '../errors/swap.ts'
import { formatTokenUnits } from '../send/formatTokenUnits.ts'
import { parseTokenAmount } from '../send/parseTokenAmount.ts'
import type { Hex, Scheduler, Unsubscribe } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import { buildSwapApproval } from './buildSwapApproval.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { getSwapAllowance } from './getSwapAllowance.ts'
import { getSwapQuote } from './getSwapQuote.ts'
import { getSwapTokens } from './getSwapTokens.ts'
import { sendSwapBatch } from './sendSwapBatch.ts'
import { sendSwapCall } from './sendSwapCall.ts'

/** A token that can be swapped, with the account's balance of it. */
export type SwapFlowToken = {
  /** CAIP-10 (`eip155:1:0x...`; the native coin is `0xeeee...eeee`): the token's id. */
  address: string
  symbol: string
  name: string
  decimals: number
  logoUri: string
  /** USD per whole token; 0 when unknown. */
  price: number
  /** In the smallest unit. */
  balance: bigint
  native: boolean
}

export type SwapFlowSide = 'from' | 'to'

/**
 * Why the swap cannot go ahead now, before anything is signed (the Swap button says so):
 * the network offers no swaps, the token list failed, a token or the amount is missing or
 * malformed, the balance is short, no route, the quote failed, is on its way, or expired.
 */
export type SwapFlowIssue =
  | 'networkNotSupported'
  | 'tokensFailed'
  | 'loadingTokens'
  | 'selectTokens'
  | 'enterAmount'
  | 'invalidAmount'
  | 'insufficientBalance'
  | 'noRoute'
  | 'quoteFailed'
  | 'quoteLoading'
  | 'quoteExpired'

export type SwapFlowQuote = {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** The last quote for the current input (kept while a fresh one is asked). */
  value?: SwapQuote | undefined
  error?: Error | undefined
  /** `value` is past its `expiresAt`. */
  expired?: boolean | undefined
}

export type SwapFlowAllowance = {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** What the router may take of the token sold, in its smallest unit. */
  value?: bigint | undefined
}

/** The wallet step under way: an approval or the swap, signed then awaited. */
export type SwapFlowStep = {
  kind: 'approve' | 'swap'
  /** 'approving': the wallet was asked; 'confirming': sent, awaiting the receipt. */
  status: 'approving' | 'confirming'
  hash?: Hex | undefined
}

/** A swap that landed, as the person reads it. */
export type SwapFlowSwapped = {
  from: { amount: string; symbol: string }
  to: { amount: string; symbol: string }
  hash: Hex
}

export type SwapFlowState = {
  address: string | undefined
  chainId: number | undefined
  tokens: readonly SwapFlowToken[]
  tokensStatus: 'pending' | 'error' | 'unsupported' | 'success'
  from: string | undefined
  to: string | undefined
  /** As typed, dot-decimal ("1.5"). */
  amount: string
  /** In percent (1 = 1%): the person's, else the API's default (LATCH_SWAP_SLIPPAGE) once quoted. */
  slippage: number
  /** The person chose the tolerance (else quotes take the API's default). */
  slippageSet: boolean
  /** How much an approval allows: the amount sold, or unlimited. */
  approval: 'exact' | 'unlimited'
  /** The side whose token is being chosen (the token picker view). */
  picking: SwapFlowSide | undefined
  quote: SwapFlowQuote
  allowance: SwapFlowAllowance
  step: SwapFlowStep | undefined
  /** Why the last approval or swap did not go through, until the next attempt. */
  failure: Error | undefined
  swapped: SwapFlowSwapped | undefined
  /**
   * The wallet runs an atomic batch on this chain (EIP-5792 `atomic` supported or ready): an
   * approval goes with the swap in one `wallet_sendCalls`, one confirmation.
   */
  batch: boolean
  // Derived -------------------------------------------------------------------------------
  /** The amount sold in the smallest unit, when it reads. */
  amountValue: bigint | undefined
  issue: SwapFlowIssue | undefined
  /** The allowance is short of the amount: Approve comes first (a wallet without batches). */
  needsApproval: boolean
  /** The allowance is short and the wallet batches: Swap sends the approval with the swap. */
  approvalInBatch: boolean
  /** The quote moves the price more than `priceImpactWarningPercent`. */
  highPriceImpact: boolean
}

/** What the flow tells the page: a wallet step sent, an approval or a swap done, a failure. */
export type SwapFlowEvent =
  | { type: 'submitted'; kind: 'approve' | 'swap'; hash: Hex }
  | { type: 'approved'; symbol: string }
  | ({ type: 'swapped'; refreshed: Promise<void> } & SwapFlowSwapped)
  | { type: 'failed'; kind: 'approve' | 'swap'; error: Error }

export type SwapFlowActionResult =
  | { status: 'done' }
  /** Not ready (`issue` says why), or nothing to approve. */
  | { status: 'invalid' }
  | { status: 'busy' }
  /** The quote had expired: a fresh one is asked; the person confirms again. */
  | { status: 'expired' }
  | { status: 'declined'; error: SignatureDeclinedError }
  | { status: 'failed'; error: Error }

export type CreateSwapFlowParameters = {
  /** Typing settles this long before a quote is asked; default 400 ms. */
  debounceMs?: number | undefined
  /** A quote is asked again this often while the flow is watched; default 15 s (they hold 30). */
  quoteRefreshMs?: number | undefined
  /** The tolerance shown before the first quote brings the API's default; default 1. */
  slippage?: number | undefined
  scheduler?: Scheduler | undefined
  now?: (() => number) | undefined
}

export type SwapFlow = {
  getState(): SwapFlowState
  /** Watching loads the tokens, follows the account and refreshes the quote; the last one out stops. */
  subscribe(listener: (state: SwapFlowState, previous: SwapFlowState) => void): Unsubscribe
  /** Hears approvals and swaps sent, done and failed (for toasts and fresh account data). */
  onEvent(listener: (event: SwapFlowEvent) => void): Unsubscribe
  setToken(side: SwapFlowSide, address: string): void
  /** Swaps the two tokens (the amount stays, now of the other token). */
  flip(): void
  setAmount(amount: string): void
  setSlippage(slippage: number): void
  setApproval(approval: 'exact' | 'unlimited'): void
  setPicking(side: SwapFlowSide | undefined): void
  /** The whole balance of the token sold. */
  max(): void
  /** Asks for a quote now (after an expiry or a failure). */
  refreshQuote(): void
  /** Sends the approval the swap needs and waits for it. */
  approve(): Promise<SwapFlowActionResult>
  /** Builds the swap from the quote, sends it and waits for the receipt. */
  swap(): Promise<SwapFlowActionResult>
  /** Reads the tokens and balances again (`forceUpdate`: past the API's cache). */
  refresh(parameters?: { forceUpdate?: boolean | undefined }): Promise<void>
}

/** Above this price impact (percent) the view warns before swapping (spec: 5%). */
export const priceImpactWarningPercent = 5

const idleQuote: SwapFlowQuote = { status: 'idle' }
const idleAllowance: SwapFlowAllowance = { status: 'idle' }

const sameToken = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/**
 * The Swap view's flow (spec section 7, issue 14) without a framework: the chain's swappable
 * tokens with the account's balances, the pair and amount, a live quote (debounced, the one in
 * flight aborted when the input changes, refreshed while watched, expired after its
 * `expiresAt`), the allowance and an exact or unlimited approval, then the swap through the
 * connected wallet and its receipt. Problems the person can see before signing are `issue`.
 */
export function createSwapFlow(
  config: LatchConfig,
  parameters: CreateSwapFlowParameters = {},
): SwapFlow {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const debounceMs = parameters.debounceMs ?? 400
  const quoteRefreshMs = parameters.quoteRefreshMs ?? 15_000
  const now = parameters.now ?? Date.now
  const events = createEmitter<{ event: SwapFlowEvent }>()

  const store = createStore<SwapFlowState>(
    derive({
      address: undefined,
      chainId: undefined,
      tokens: [],
      tokensStatus: 'pending',
      from: undefined,
      to: undefined,
      amount: '',
      slippage: parameters.slippage ?? 1,
      slippageSet: false,
      approval: 'exact',
      picking: undefined,
      quote: idleQuote,
      allowance: idleAllowance,
      step: undefined,
      failure: undefined,
      swapped: undefined,
      batch: false,
      amountValue: undefined,
      issue: undefined,
      needsApproval: false,
      approvalInBatch: false,
      highPriceImpact: false,
    }),
  )
  const set = (next: Partial<SwapFlowState>) =>
    store.setState((state) => derive({ ...state, ...next }))

  let tokensRequest = 0
  // The first read of the balances goes past the API's cache: a swap is judged on what is held now.
  let fresh = false
  let quoteController: AbortController | undefined
  let quoteTimer: unknown
  let expiryTimer: unknown
  let watchers = 0
  let stopAccount: Unsubscribe | undefined

  function tokenOf(state: SwapFlowState, side: SwapFlowSide) {
    const address = side === 'from' ? state.from : state.to
    return state.tokens.find((token) => sameToken(token.address, address))
  }

  function derive(state: SwapFlowState): SwapFlowState {
    const from = tokenOf(state, 'from')
    const to = tokenOf(state, 'to')
    const parsed = from ? parseTokenAmount(state.amount, from.decimals) : undefined
    const amountValue = parsed?.status === 'valid' && parsed.value > 0n ? parsed.value : undefined
    const allowanceShort =
      !!from &&
      !from.native &&
      amountValue !== undefined &&
      state.allowance.value !== undefined &&
      state.allowance.value < amountValue
    const impact = state.quote.value?.priceImpact
    const issue: SwapFlowIssue | undefined =
      state.tokensStatus === 'unsupported'
        ? 'networkNotSupported'
        : state.tokensStatus === 'error'
          ? 'tokensFailed'
          : state.tokensStatus === 'pending'
            ? 'loadingTokens'
            : !from || !to
              ? 'selectTokens'
              : !parsed || parsed.status === 'empty'
                ? 'enterAmount'
                : amountValue === undefined
                  ? 'invalidAmount'
                  : amountValue > from.balance
                    ? 'insufficientBalance'
                    : state.quote.status === 'error'
                      ? state.quote.error?.name === 'NoSwapRouteError'
                        ? 'noRoute'
                        : 'quoteFailed'
                      : state.quote.status !== 'success' || state.allowance.status === 'pending'
                        ? 'quoteLoading'
                        : state.quote.expired
                          ? 'quoteExpired'
                          : undefined
    return {
      ...state,
      amountValue,
      issue,
      needsApproval: allowanceShort && !state.batch,
      approvalInBatch: allowanceShort && state.batch,
      highPriceImpact: typeof impact === 'number' && impact > priceImpactWarningPercent,
    }
  }

  // Tokens and balances -----------------------------------------------------------------

  async function loadTokens(forceUpdate = false): Promise<void> {
    const { address, chainId } = store.getState()
    const request = ++tokensRequest
    if (!address || chainId === undefined) {
      set({ tokens: [], tokensStatus: 'pending' })
      return
    }
    try {
      const [listed, balances] = await Promise.all([
        getSwapTokens(config, { chainId }),
        getTokenBalances(config, { address, chainId, forceUpdate }).catch(() => undefined),
      ])
      if (request !== tokensRequest) return
      if (balances) fresh = true
      const balanceOf = (address: string, native: boolean) => {
        const entry = balances?.tokens.find((balance) =>
          native
            ? isNativeCoinAddress(balance.address)
            : sameToken(balance.address?.slice(balance.address.lastIndexOf(':') + 1), address),
        )
        if (!entry) return 0n
        const parsed = parseTokenAmount(entry.quantity.numeric, Number(entry.quantity.decimals))
        return parsed.status === 'valid' ? parsed.value : 0n
      }
      const tokens = listed.map((token) => {
        const contract = token.address.slice(token.address.lastIndexOf(':') + 1)
        const native = isNativeCoinAddress(contract)
        return { ...token, balance: balanceOf(contract, native), native }
      })
      const state = store.getState()
      const keep = (address: string | undefined) =>
        tokens.find((token) => sameToken(token.address, address))?.address
      set({
        tokens,
        tokensStatus: balances ? 'success' : 'error',
        // The native coin is sold by default, as most accounts hold some.
        from: keep(state.from) ?? (state.from === undefined ? tokens[0]?.address : undefined),
        to: keep(state.to),
      })
      scheduleQuote(0)
    } catch (error) {
      if (request !== tokensRequest) return
      set({
        tokensStatus: error instanceof SwapNetworkNotSupportedError ? 'unsupported' : 'error',
      })
    }
  }

  function followAccount(): void {
    const { address, chainId } = config.getState()
    const state = store.getState()
    if (address === state.address && chainId === state.chainId) return
    const sameChain = chainId === state.chainId
    if (address !== state.address || !sameChain) fresh = false
    abortQuote()
    set({
      address,
      chainId,
      tokens: [],
      tokensStatus: 'pending',
      // Tokens are per chain: another chain starts from its native coin again.
      ...(sameChain ? {} : { from: undefined, to: undefined }),
      quote: idleQuote,
      allowance: idleAllowance,
      batch: false,
    })
    void loadTokens(!fresh)
    void checkBatch()
  }

  /** Asks the wallet whether it batches atomically on this chain; any failure means no. */
  async function checkBatch(): Promise<void> {
    const { address, chainId } = store.getState()
    if (!address || chainId === undefined) return
    const batch = await getCapabilities(config, { address, chainId }).then(
      supportsAtomicBatch,
      () => false,
    )
    const state = store.getState()
    if (state.address === address && state.chainId === chainId && state.batch !== batch)
      set({ batch })
  }

  // Quotes -------------------------------------------------------------------------------

  function abortQuote(): void {
    scheduler.clearTimeout(quoteTimer)
    scheduler.clearTimeout(expiryTimer)
    quoteController?.abort()
    quoteController = undefined
  }

  /** The input changed (or a refresh is due): the quote in flight is dropped, a new one asked. */
  function scheduleQuote(delay: number, options: { keep?: boolean } = {}): void {
    abortQuote()
    const state = store.getState()
    const from = tokenOf(state, 'from')
    const to = tokenOf(state, 'to')
    const ready =
      !!from &&
      !!to &&
      !!state.address &&
      state.amountValue !== undefined &&
      state.amountValue <= from.balance &&
      state.tokensStatus === 'success'
    if (!ready) {
      if (state.quote !== idleQuote || state.allowance !== idleAllowance)
        set({ quote: idleQuote, allowance: idleAllowance })
      return
    }
    // A refresh keeps showing the quote it replaces; a changed input does not.
    if (!options.keep) set({ quote: { status: 'pending' }, allowance: idleAllowance })
    quoteTimer = scheduler.setTimeout(() => void requestQuote(), delay)
  }

  async function requestQuote(): Promise<void> {
    const state = store.getState()
    const from = tokenOf(state, 'from')
    const to = tokenOf(state, 'to')
    if (!from || !to || !state.address || state.amountValue === undefined) return
    const controller = new AbortController()
    quoteController = controller
    if (state.quote.status !== 'pending')
      set({ quote: { ...state.quote, status: 'pending', error: undefined } })
    const userAddress = state.address
    try {
      const [quote, allowance] = await Promise.all([
        getSwapQuote(config, {
          from: from.address,
          to: to.address,
          amount: state.amountValue,
          userAddress,
          slippage: state.slippageSet ? state.slippage : undefined,
          signal: controller.signal,
        }),
        from.native
          ? undefined
          : getSwapAllowance(config, {
              tokenAddress: from.address,
              userAddress,
              signal: controller.signal,
            }),
      ])
      if (controller.signal.aborted) return
      quoteController = undefined
      set({
        ...(store.getState().slippageSet ? {} : { slippage: quote.slippage }),
        quote: { status: 'success', value: quote, expired: false },
        allowance: allowance
          ? { status: 'success', value: allowance.allowance }
          : { status: 'success', value: undefined },
      })
      watchExpiry(quote)
      if (watchers > 0 && quoteRefreshMs > 0)
        quoteTimer = scheduler.setTimeout(() => scheduleQuote(0, { keep: true }), quoteRefreshMs)
    } catch (error) {
      if (controller.signal.aborted) return
      quoteController = undefined
      set({ quote: { status: 'error', error: toError(error) }, allowance: idleAllowance })
    }
  }

  function watchExpiry(quote: SwapQuote): void {
    scheduler.clearTimeout(expiryTimer)
    const left = Date.parse(quote.expiresAt) - now()
    if (Number.isNaN(left)) return
    expiryTimer = scheduler.setTimeout(
      () => {
        const current = store.getState().quote
        if (current.value === quote) set({ quote: { ...current, expired: true } })
      },
      Math.max(0, left),
    )
  }

  function isExpired(quote: SwapQuote | undefined): boolean {
    return !quote || Date.parse(quote.expiresAt) <= now()
  }

  function edit(next: Partial<SwapFlowState>, delay: number): void {
    if (store.getState().step) return
    set({ ...next, failure: undefined, swapped: undefined })
    scheduleQuote(delay)
  }

  // Wallet steps -------------------------------------------------------------------------

  async function runStep(
    kind: 'approve' | 'swap',
    work: (onSubmitted: (hash: Hex) => void) => Promise<void>,
  ): Promise<SwapFlowActionResult> {
    set({ step: { kind, status: 'approving' }, failure: undefined, swapped: undefined })
    try {
      await work((hash) => {
        set({ step: { kind, status: 'confirming', hash } })
        events.emit('event', { type: 'submitted', kind, hash })
      })
      set({ step: undefined })
      return { status: 'done' }
    } catch (cause) {
      const declined = cause instanceof Error && cause.name === 'UserRejectedRequestError'
      const error = declined
        ? new SignatureDeclinedError({ cause: toError(cause) })
        : toError(cause)
      set({ step: undefined, failure: error })
      if (declined) return { status: 'declined', error: error as SignatureDeclinedError }
      events.emit('event', { type: 'failed', kind, error })
      // The price moved (refused before signing) or the swap reverted: show a fresh quote.
      scheduleQuote(0)
      return { status: 'failed', error }
    }
  }

  async function approve(): Promise<SwapFlowActionResult> {
    const state = store.getState()
    if (state.step) return { status: 'busy' }
    const from = tokenOf(state, 'from')
    const to = tokenOf(state, 'to')
    if (!from || !to || !state.address || state.chainId === undefined || !state.needsApproval)
      return { status: 'invalid' }
    const { address, chainId, amountValue } = state
    if (amountValue === undefined) return { status: 'invalid' }
    const unlimited = state.approval === 'unlimited'
    return runStep('approve', async (onSubmitted) => {
      const built = await buildSwapApproval(config, {
        from: from.address,
        to: to.address,
        userAddress: address,
        amount: unlimited ? undefined : amountValue,
      })
      await sendSwapCall(config, {
        chainId,
        to: built.tx.to,
        data: built.tx.data as Hex,
        value: BigInt(built.tx.value),
        gas: BigInt(built.tx.eip155.gas),
        summary: {
          amount: unlimited ? '∞' : formatTokenUnits(amountValue, from.decimals),
          symbol: from.symbol,
          to: built.spender.slice(built.spender.lastIndexOf(':') + 1),
        },
        onSubmitted,
      })
      const allowance = await getSwapAllowance(config, {
        tokenAddress: from.address,
        userAddress: address,
      }).catch(() => ({ allowance: BigInt(built.amount) }))
      set({ allowance: { status: 'success', value: allowance.allowance } })
      events.emit('event', { type: 'approved', symbol: from.symbol })
    })
  }

  async function swap(): Promise<SwapFlowActionResult> {
    const state = store.getState()
    if (state.step) return { status: 'busy' }
    const from = tokenOf(state, 'from')
    const to = tokenOf(state, 'to')
    const quote = state.quote.value
    if (state.issue === 'quoteExpired' || (state.issue === undefined && isExpired(quote))) {
      set({ quote: { ...state.quote, expired: true } })
      scheduleQuote(0, { keep: true })
      return { status: 'expired' }
    }
    if (
      state.issue ||
      state.needsApproval ||
      !from ||
      !to ||
      !quote ||
      !state.address ||
      state.chainId === undefined ||
      state.amountValue === undefined
    )
      return { status: 'invalid' }
    const { address, chainId, amountValue, slippage } = state
    abortQuote()
    const swapped = {
      from: { amount: formatTokenUnits(amountValue, from.decimals), symbol: from.symbol },
      to: { amount: formatTokenUnits(BigInt(quote.toAmount), to.decimals), symbol: to.symbol },
    }
    const withApproval = state.approvalInBatch
    const unlimited = state.approval === 'unlimited'
    return runStep('swap', async (onSubmitted) => {
      const summary = {
        amount: swapped.from.amount,
        symbol: swapped.from.symbol,
        to: `${swapped.to.amount} ${swapped.to.symbol}`,
      }
      if (withApproval) {
        // One atomic batch: the approval, then the swap the API cannot simulate before it.
        const [approval, built] = await Promise.all([
          buildSwapApproval(config, {
            from: from.address,
            to: to.address,
            userAddress: address,
            amount: unlimited ? undefined : amountValue,
          }),
          buildSwapTransaction(config, {
            from: from.address,
            to: to.address,
            amount: amountValue,
            userAddress: address,
            slippage,
            toAmount: BigInt(quote.toAmount),
            disableEstimate: true,
          }),
        ])
        const receipt = await sendSwapBatch(config, {
          chainId,
          calls: [
            {
              to: approval.tx.to,
              data: approval.tx.data as Hex,
              value: BigInt(approval.tx.value),
            },
            { to: built.tx.to, data: built.tx.data as Hex, value: BigInt(built.tx.value) },
          ],
          summary,
          onSubmitted,
        })
        const done = { ...swapped, hash: receipt.hash }
        set({ amount: '', quote: idleQuote, allowance: idleAllowance, swapped: done })
        const refreshed = loadTokens(true)
        events.emit('event', { type: 'swapped', refreshed, ...done })
        return
      }
      const built = await buildSwapTransaction(config, {
        from: from.address,
        to: to.address,
        amount: amountValue,
        userAddress: address,
        slippage,
        toAmount: BigInt(quote.toAmount),
      })
      const receipt = await sendSwapCall(config, {
        chainId,
        to: built.tx.to,
        data: built.tx.data as Hex,
        value: BigInt(built.tx.value),
        gas: built.simulated ? BigInt(built.tx.eip155.gas) : undefined,
        summary,
        onSubmitted,
      })
      const done = { ...swapped, hash: receipt.hash }
      set({ amount: '', quote: idleQuote, allowance: idleAllowance, swapped: done })
      const refreshed = loadTokens(true)
      events.emit('event', { type: 'swapped', refreshed, ...done })
    })
  }

  return {
    getState: store.getState,
    subscribe(listener) {
      const unsubscribe = store.subscribe(listener)
      watchers += 1
      if (watchers === 1) {
        stopAccount = config.subscribe(followAccount)
        if (store.getState().address === config.getState().address) void loadTokens(!fresh)
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
          // Nobody looks: no quote refresh runs in the background.
          if (!store.getState().step) abortQuote()
        }
      }
    },
    onEvent: (listener) => events.on('event', listener),
    setToken(side, address) {
      const state = store.getState()
      const other = side === 'from' ? state.to : state.from
      // Picking the other side's token turns the pair around.
      const flipped = sameToken(other, address)
      const next =
        side === 'from'
          ? { from: address, to: flipped ? state.from : state.to }
          : { to: address, from: flipped ? state.to : state.from }
      edit({ ...next, picking: undefined }, 0)
    },
    flip() {
      const { from, to } = store.getState()
      edit({ from: to, to: from }, 0)
    },
    setAmount: (amount) => edit({ amount }, debounceMs),
    setSlippage(slippage) {
      if (!Number.isFinite(slippage) || slippage < 0.01 || slippage > 50) return
      edit({ slippage, slippageSet: true }, debounceMs)
    },
    setApproval: (approval) => set({ approval }),
    setPicking: (picking) => set({ picking }),
    max() {
      const from = tokenOf(store.getState(), 'from')
      if (from) edit({ amount: formatTokenUnits(from.balance, from.decimals) }, 0)
    },
    refreshQuote: () => scheduleQuote(0, { keep: true }),
    approve,
    swap,
    refresh: (options = {}) => loadTokens(options.forceUpdate ?? false),
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
