import '../i18n/laterMessages.ts'
import { createRegisterNameFlow, type GetIdentityReturnType } from '@latch/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { identityQueryKey } from '../account/identityQueryOptions.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { accountNamesQueryKey, nameSuggestionsQueryKey } from './nameSuggestionsQueryOptions.ts'
import { RegisterAccountNameView } from './RegisterAccountNameView.tsx'

/**
 * RegisterAccountName over core's register-name flow (`createRegisterNameFlow`: availability
 * and suggestions as the person types, then the wallet signs and the API registers). Success
 * shows RegisterAccountNameSuccess and refreshes the account's name; a failure stays here
 * with 'Error registering name {name}' (or 'Signature declined').
 */
export default function RegisterAccountNameContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { router } = useConnectModal()
  const account = useAccount()
  const queryClient = useQueryClient()
  const [flow] = useState(() => createRegisterNameFlow(config))
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  const suffix = config.options.nameSuffix

  async function submit() {
    const result = await flow.submit()
    if (result.status !== 'registered') return
    const { address } = account
    queryClient.setQueryData<GetIdentityReturnType>(
      identityQueryKey(config, address),
      (identity) => ({
        avatar: identity?.avatar ?? null,
        name: result.profile.name,
      }),
    )
    void queryClient.invalidateQueries({ queryKey: identityQueryKey(config, address) })
    void queryClient.invalidateQueries({ queryKey: accountNamesQueryKey(config, address) })
    void queryClient.invalidateQueries({
      queryKey: nameSuggestionsQueryKey(config, undefined).slice(0, 3),
    })
    router.replace({ view: 'RegisterAccountNameSuccess', accountName: result.profile.name })
  }

  return (
    <RegisterAccountNameView
      suffix={suffix}
      value={state.value}
      onChange={flow.setValue}
      availability={state.availability}
      step={state.status === 'signing' ? 'signing' : 'form'}
      pendingName={state.pendingName ?? `${state.value.trim()}.${suffix}`.toLowerCase()}
      walletName={account.connector?.name}
      error={state.error ? getErrorMessage(state.error, t) : undefined}
      onSubmit={() => void submit()}
      onPickSuggestion={flow.pickSuggestion}
    />
  )
}
