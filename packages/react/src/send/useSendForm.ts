import { formatTokenUnits, parseTokenAmount, type SendFormMessage } from '@latch/core'
import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { formatFiat } from '../account/formatFiat.ts'
import { formatTokenAmount } from '../account/formatTokenAmount.ts'
import { toIntlLocale } from '../account/toIntlLocale.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getTransactionFlow } from '../transaction/getTransactionFlow.ts'
import { getSendFlow } from './getSendFlow.ts'
import type { SendViewProps } from './SendView.tsx'
import { submitTransfer } from './submitTransfer.ts'

/** A fee to 4 significant digits ("0.00004620"), as fees are tiny in whole coins. */
function formatFee(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 }).format(Number(value))
}

/**
 * The Send form of core (`createSendFlow`: balances, name resolution, fee, Max, validation,
 * submitting) rendered as the props of `SendView`, in the person's language and currency.
 */
export function useSendForm(): SendViewProps {
  const config = useConfig()
  const { t, locale } = useMessages()
  const account = useAccount()
  const { router } = useConnectModal()
  const queryClient = useQueryClient()
  const flow = getSendFlow(router, config)
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  const transaction = getTransactionFlow(router)
  const transactionState = useSyncExternalStore(transaction.subscribe, transaction.getState)
  const intlLocale = toIntlLocale(locale)
  const selected = state.tokens.find((token) => token.id === state.tokenId)
  const fiat = (value: number) =>
    formatFiat(value, { currency: state.currency, locale: intlLocale })
  const show = (message: SendFormMessage | undefined) =>
    message && (!message.required || state.submitted)
      ? t(`send.${message.key}`, message.values)
      : undefined

  // A Solana or Bitcoin account: its network's coin pays the fee, its Wallet Standard wallet signs.
  const latch = config.getState()
  const caipNetwork =
    state.namespace === 'eip155'
      ? undefined
      : config.caipNetworks.find((network) => network.caipNetworkId === state.caipNetworkId)
  const connector =
    account.connector ?? latch.namespaceConnectors.find((entry) => entry.id === latch.connectorId)
  const native = account.network?.nativeCurrency ?? caipNetwork?.nativeCurrency
  const fee = state.fee.value
  const feeUnits = fee !== undefined && native ? formatTokenUnits(fee, native.decimals) : undefined
  const typed = selected ? parseTokenAmount(state.amount, selected.decimals) : undefined
  const { name, validation } = state

  return {
    tokens: state.tokens.map((token) => ({
      id: token.id,
      symbol: token.symbol,
      name: token.name,
      amount: formatTokenAmount(token.numeric, intlLocale),
      iconUrl: token.iconUrl,
    })),
    tokensStatus: state.tokensStatus,
    tokenId: selected?.id,
    onTokenChange: flow.setToken,
    amount: state.amount,
    onAmountChange: flow.setAmount,
    amountFiat:
      typed?.status === 'valid' && selected && selected.price > 0
        ? fiat(Number(formatTokenUnits(typed.value, selected.decimals)) * selected.price)
        : undefined,
    onMax: () => void flow.max(),
    receiver: state.receiver,
    onReceiverChange: flow.setReceiver,
    nameSuffix: config.options.nameSuffix,
    // '0x… or name' is EVM's; a Solana receiver is a base58 address (the error says so).
    receiverPlaceholder: state.namespace === 'eip155' ? undefined : '',
    resolvedName:
      name?.status === 'success'
        ? { status: 'success', name: name.name, address: name.address }
        : name?.status === 'pending'
          ? { status: 'pending' }
          : undefined,
    fee:
      !selected || state.fee.status === 'idle'
        ? { status: 'idle' }
        : feeUnits !== undefined && native
          ? {
              status: 'success',
              text: `${formatFee(feeUnits, intlLocale)} ${native.symbol}`,
              fiat: state.nativePrice > 0 ? fiat(Number(feeUnits) * state.nativePrice) : undefined,
            }
          : state.fee.status === 'error'
            ? { status: 'error' }
            : { status: 'pending' },
    errors: {
      token: show(validation.token),
      amount: show(validation.amount),
      receiver: show(validation.receiver),
      // A chain that cannot send (Bitcoin) says so at once, before anything is typed.
      form: state.unsupportedChain ? t('send.unsupportedChain') : show(validation.form),
    },
    failure: state.failure ? getErrorMessage(state.failure, t) : undefined,
    submitting: state.transfer !== undefined || transactionState.status !== 'idle',
    onSubmit: () =>
      submitTransfer({
        flow,
        config,
        router,
        queryClient,
        t,
        wallet: { name: connector?.name ?? '', icon: connector?.icon || undefined },
      }),
  }
}
