import { isValidNameLabel } from '@latch/api-contract'
import {
  type GetNameSuggestionsReturnType,
  getNameSuggestions,
} from '../actions/getNameSuggestions.ts'
import {
  type RegisterAccountNameReturnType,
  registerAccountName,
} from '../actions/registerAccountName.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { Scheduler, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import { getNameAvailability, type NameAvailability } from './getNameAvailability.ts'

export type RegisterNameFlowState = {
  /** The label as typed. */
  value: string
  /** Where `{label}.{suffix}` stands: checked once typing settles. */
  availability: NameAvailability
  /** 'signing': the wallet signs, then the API registers; 'registered': done (`profile`). */
  status: 'form' | 'signing' | 'registered'
  /** The full name being registered ("alice.latch.id"), from `signing` on. */
  pendingName: string | undefined
  /** Why the last attempt failed ('Signature declined', 'Error registering name'...). */
  error: Error | undefined
  profile: RegisterAccountNameReturnType | undefined
}

export type RegisterNameSubmitResult =
  /** Nothing to register: the name is not (yet) known to be available. */
  | { status: 'invalid' }
  | { status: 'registered'; profile: RegisterAccountNameReturnType }
  | { status: 'failed'; error: Error }

export type CreateRegisterNameFlowParameters = {
  /** Typing settles this long before availability is asked; default 300. */
  debounceMs?: number | undefined
  /** A label's suggestions are kept this long (names are taken all the time); default 10 s. */
  suggestionsCacheMs?: number | undefined
  scheduler?: Scheduler | undefined
  /** Default `Date.now`. */
  now?: (() => number) | undefined
}

export type RegisterNameFlow = {
  getState(): RegisterNameFlowState
  subscribe(
    listener: (state: RegisterNameFlowState, previous: RegisterNameFlowState) => void,
  ): Unsubscribe
  /** The label as typed; a past failure is cleared. */
  setValue(value: string): void
  /** Takes a suggested full name ("alice1.latch.id") as the label. */
  pickSuggestion(name: string): void
  /**
   * Registers the typed name when it is available: the wallet signs, the API registers. With
   * `avatar` (an https image URL), it is signed along as the name's `avatar` attribute.
   */
  submit(options?: { avatar?: string | undefined }): Promise<RegisterNameSubmitResult>
  /** Back to an empty form. */
  reset(): void
}

const initialState: RegisterNameFlowState = {
  value: '',
  availability: { status: 'empty' },
  status: 'form',
  pendingName: undefined,
  error: undefined,
  profile: undefined,
}

/**
 * Registering an account name (spec section 5, RegisterAccountName) without a framework:
 * availability and free alternatives as the person types (asked once typing settles, only
 * for a label the rule allows), then the wallet signs and the API registers. A failure or a
 * declined signature comes back to the form with the label and the error.
 */
export function createRegisterNameFlow(
  config: LatchConfig,
  parameters: CreateRegisterNameFlowParameters = {},
): RegisterNameFlow {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const debounceMs = parameters.debounceMs ?? 300
  const cacheMs = parameters.suggestionsCacheMs ?? 10_000
  const now = parameters.now ?? Date.now
  const suffix = config.options.nameSuffix
  const store = createStore<RegisterNameFlowState>(initialState)
  const set = (next: Partial<RegisterNameFlowState>) =>
    store.setState((state) => ({ ...state, ...next }))
  const cache = new Map<string, { suggestions: GetNameSuggestionsReturnType; at: number }>()
  let timer: unknown
  let request = 0

  /** The availability of `label` from what is known of it (cached suggestions, a failure). */
  function availabilityOf(label: string, failed = false): NameAvailability {
    const cached = cache.get(label.toLowerCase())
    const suggestions = cached && now() - cached.at < cacheMs ? cached.suggestions : undefined
    return getNameAvailability({ label, suffix, suggestions, failed })
  }

  async function check(label: string): Promise<void> {
    const current = ++request
    try {
      const suggestions = await getNameSuggestions(config, {
        name: label.toLowerCase(),
        includeRegistered: true,
      })
      cache.set(label.toLowerCase(), { suggestions, at: now() })
      if (current === request) set({ availability: availabilityOf(label) })
    } catch {
      if (current === request) set({ availability: availabilityOf(label, true) })
    }
  }

  function setValue(value: string): void {
    scheduler.clearTimeout(timer)
    request += 1
    const label = value.trim()
    // Typing: a label the rule allows is about to be checked (or known already); the rule
    // itself waits for a pause.
    const availability: NameAvailability = isValidNameLabel(label)
      ? availabilityOf(label)
      : { status: 'empty' }
    set({ value, availability, error: undefined, status: 'form', profile: undefined })
    if (!label) return
    timer = scheduler.setTimeout(() => {
      if (!isValidNameLabel(label)) return set({ availability: { status: 'invalid' } })
      if (availabilityOf(label).status === 'checking') void check(label)
    }, debounceMs)
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setValue,
    pickSuggestion(name) {
      const ending = `.${suffix}`
      setValue(name.toLowerCase().endsWith(ending) ? name.slice(0, -ending.length) : name)
    },
    async submit(options) {
      const state = store.getState()
      if (state.status === 'signing' || state.availability.status !== 'available')
        return { status: 'invalid' }
      const label = state.value.trim()
      set({ status: 'signing', pendingName: state.availability.name, error: undefined })
      try {
        const avatar = options?.avatar?.trim()
        const profile = await registerAccountName(config, {
          label,
          suffix,
          ...(avatar ? { attributes: { avatar } } : {}),
        })
        // The name is taken now: its suggestions are asked again next time.
        cache.clear()
        set({ status: 'registered', profile })
        return { status: 'registered', profile }
      } catch (cause) {
        const error = cause instanceof Error ? cause : new Error(String(cause))
        set({ status: 'form', error })
        return { status: 'failed', error }
      }
    },
    reset() {
      scheduler.clearTimeout(timer)
      request += 1
      store.setState(initialState)
    },
  }
}
