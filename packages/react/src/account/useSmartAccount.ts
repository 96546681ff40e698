import {
  type EmbeddedAccountType,
  type EmbeddedWalletUser,
  getSmartAccountEnabledNetworks,
  setPreferredAccountType,
} from '@latch/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useMessages } from '../hooks/useMessages.ts'
import type { SmartAccountToggleProps } from './SmartAccountToggle.tsx'

/** The networks with a smart account change with the API's settings only: 5 minutes. */
const enabledNetworksStaleMs = 5 * 60_000

/**
 * The embedded wallet's account-type toggle (spec section 3): the props of
 * `SmartAccountToggle` when the connected wallet is the embedded one, it lists a smart
 * account and an EOA, and the network is one of its smart-account networks; else undefined.
 * A failed switch shows as an error toast ('This application might not support Smart
 * Accounts', a frame error...); the connection keeps the account it had.
 */
export function useSmartAccount(parameters: {
  /** The embedded wallet's user; undefined for any other wallet. */
  user: EmbeddedWalletUser | undefined
  chainId: number | undefined
}): SmartAccountToggleProps | undefined {
  const config = useConfig()
  const { t } = useMessages()
  const clipboard = useCopyToClipboard()
  const [copiedAddress, setCopiedAddress] = useState<string>()
  const [switchedTo, setSwitchedTo] = useState<EmbeddedAccountType>()
  const { user, chainId } = parameters
  const networks = useQuery({
    queryKey: ['latch', 'smartAccountNetworks', config.apiUrl],
    queryFn: () => getSmartAccountEnabledNetworks(config),
    enabled: user !== undefined,
    staleTime: enabledNetworksStaleMs,
    retry: 1,
  })
  const switching = useMutation({
    mutationFn: (type: EmbeddedAccountType) => setPreferredAccountType(config, { type }),
    onSuccess: (next) => setSwitchedTo(next.preferredAccountType),
    onError: (error) =>
      config.toasts.show({ variant: 'error', message: getErrorMessage(error, t) }),
  })
  if (!user || chainId === undefined || !networks.data?.includes(chainId)) return undefined
  const eoa = user.accounts.find((account) => account.type === 'eoa')
  const smartAccount = user.accounts.find((account) => account.type === 'smartAccount')
  if (!eoa || !smartAccount) return undefined
  const active = user.preferredAccountType
  return {
    active,
    addresses: { eoa: eoa.address, smartAccount: smartAccount.address },
    switching: switching.isPending,
    onSwitch: () => switching.mutate(active === 'smartAccount' ? 'eoa' : 'smartAccount'),
    onCopy: (address) => {
      setCopiedAddress(address)
      clipboard.copy(address)
    },
    copied: clipboard.copied ? copiedAddress : undefined,
    announcement:
      switchedTo === undefined
        ? undefined
        : switchedTo === 'smartAccount'
          ? t('account.switchedToSmartAccount')
          : t('account.switchedToEoa'),
  }
}
