import { type GetIdentityReturnType, isValidNameLabel, registerAccountName } from '@latch/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { identityQueryKey } from '../account/identityQueryOptions.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getNameAvailability, type NameAvailability } from './getNameAvailability.ts'
import {
  accountNamesQueryKey,
  nameSuggestionsQueryKey,
  nameSuggestionsQueryOptions,
} from './nameSuggestionsQueryOptions.ts'
import { RegisterAccountNameView } from './RegisterAccountNameView.tsx'

/** Typing settles this long before availability is asked. */
export const nameCheckDelayMs = 300

/**
 * RegisterAccountName wired to the API and the wallet: availability and suggestions as the
 * person types (debounced), then the wallet signs the registration and the API registers it.
 * Success shows RegisterAccountNameSuccess and refreshes the account's name; a failure comes
 * back here with 'Error registering name {name}' (or 'Signature declined').
 */
export default function RegisterAccountNameContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { router } = useConnectModal()
  const account = useAccount()
  const queryClient = useQueryClient()
  const suffix = config.options.nameSuffix
  const [value, setValue] = useState('')
  const label = value.trim()
  const settled = useDebouncedValue(label, nameCheckDelayMs, (typed) => typed === '')
  // Only a label the rule allows is sent to the API.
  const suggestions = useQuery(
    nameSuggestionsQueryOptions(config, isValidNameLabel(settled) ? settled : undefined),
  )
  const register = useMutation({
    mutationFn: (typed: string) => registerAccountName(config, { label: typed, suffix }),
    onSuccess: (profile) => {
      const { address } = account
      queryClient.setQueryData<GetIdentityReturnType>(
        identityQueryKey(config, address),
        (identity) => ({
          avatar: identity?.avatar ?? null,
          name: profile.name,
        }),
      )
      void queryClient.invalidateQueries({ queryKey: identityQueryKey(config, address) })
      void queryClient.invalidateQueries({ queryKey: accountNamesQueryKey(config, address) })
      void queryClient.invalidateQueries({
        queryKey: nameSuggestionsQueryKey(config, undefined).slice(0, 3),
      })
      router.replace({ view: 'RegisterAccountNameSuccess', accountName: profile.name })
    },
  })

  // Typing: a label the rule allows is about to be checked; the rule waits for a pause.
  const availability: NameAvailability =
    settled !== label
      ? isValidNameLabel(label)
        ? getNameAvailability({ label, suffix, suggestions: undefined, failed: false })
        : { status: 'empty' }
      : getNameAvailability({
          label: settled,
          suffix,
          suggestions: suggestions.data,
          failed: suggestions.isError,
        })

  return (
    <RegisterAccountNameView
      suffix={suffix}
      value={value}
      onChange={(next) => {
        setValue(next)
        if (register.error) register.reset()
      }}
      availability={availability}
      step={register.isPending ? 'signing' : 'form'}
      pendingName={`${label}.${suffix}`.toLowerCase()}
      walletName={account.connector?.name}
      error={register.error ? getErrorMessage(register.error, t) : undefined}
      onSubmit={() => {
        if (availability.status === 'available') register.mutate(label)
      }}
      onPickSuggestion={(name) => {
        setValue(name.slice(0, -(suffix.length + 1)))
        register.reset()
      }}
    />
  )
}
