import { getMaxTransferAmount, isNativeBalance } from '@latch/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { formatFiat } from '../account/formatFiat.ts'
import { formatTokenAmount } from '../account/formatTokenAmount.ts'
import { toIntlLocale } from '../account/toIntlLocale.ts'
import { tokenBalancesQueryOptions } from '../account/tokenBalancesQueryOptions.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getTransactionFlow } from '../transaction/getTransactionFlow.ts'
import { getSendDraft, type SendDraft } from './getSendDraft.ts'
import { formatTokenUnits, parseTokenAmount } from './parseTokenAmount.ts'
import type { SendViewProps } from './SendView.tsx'
import { estimateTransferQueryOptions, resolveAccountNameQueryOptions } from './sendQueryOptions.ts'
import { submitTransfer } from './submitTransfer.ts'
import {
  type NameResolution,
  readReceiver,
  type SendFormMessage,
  type SendFormToken,
  validateSendForm,
} from './validateSendForm.ts'

/** Typing settles for this long before a name is resolved or the fee estimated again. */
const inputDebounceMs = 300

/** A fee to 4 significant digits ("0.00004620"), as fees are tiny in whole coins. */
function formatFee(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 }).format(Number(value))
}

/**
 * The Send form wired to the account: its balances (the token choices), the draft kept per
 * modal, name resolution, the fee estimate, Max, validation and submitting through the
 * transaction flow. Returns the props of `SendView`.
 */
export function useSendForm(): SendViewProps {
  const config = useConfig()
  const { t, locale } = useMessages()
  const account = useAccount()
  const { router } = useConnectModal()
  const queryClient = useQueryClient()
  const draftStore = getSendDraft(router)
  const draft = useSyncExternalStore(draftStore.subscribe, draftStore.getState)
  const flow = getTransactionFlow(router)
  const flowState = useSyncExternalStore(flow.subscribe, flow.getState)
  const { address, chainId } = account
  const suffix = config.options.nameSuffix
  const intlLocale = toIntlLocale(locale)
  const update = (next: Partial<SendDraft>) =>
    draftStore.setState((state) => ({ ...state, failure: undefined, ...next }))

  const balances = useQuery(tokenBalancesQueryOptions(config, { address, chainId }))
  const tokens = balances.data?.tokens ?? []
  const selected = tokens.find((token) => (token.address ?? token.symbol) === draft.tokenId)
  const decimals = Number(selected?.quantity.decimals ?? 0)
  const parsedBalance = selected ? parseTokenAmount(selected.quantity.numeric, decimals) : undefined
  const formToken: SendFormToken | undefined = selected && {
    symbol: selected.symbol,
    decimals,
    balance: parsedBalance?.status === 'valid' ? parsedBalance.value : 0n,
    native: isNativeBalance(selected),
  }

  // The receiver: an address as typed, or a name resolved once typing settles.
  const receiver = readReceiver(draft.receiver, suffix)
  const typedName = receiver.kind === 'name' ? receiver.name : undefined
  const settledName = useDebouncedValue(typedName, inputDebounceMs)
  const nameQuery = useQuery(
    resolveAccountNameQueryOptions(config, {
      name: settledName === typedName ? settledName : undefined,
      chainId,
    }),
  )
  const resolution: NameResolution | undefined =
    typedName === undefined
      ? undefined
      : settledName !== typedName || nameQuery.isPending
        ? { status: 'pending' }
        : nameQuery.isError
          ? { status: 'error' }
          : { status: 'success', address: nameQuery.data?.address ?? '' }
  const to =
    receiver.kind === 'address'
      ? receiver.address
      : resolution?.status === 'success'
        ? resolution.address
        : undefined

  // The fee of the transfer as it stands (nothing yet: of sending 0 to oneself).
  const amountForFee = useDebouncedValue(draft.amount, inputDebounceMs)
  const parsedForFee = formToken ? parseTokenAmount(amountForFee, decimals) : undefined
  const feeAmount =
    parsedForFee?.status === 'valid' && formToken && parsedForFee.value <= formToken.balance
      ? parsedForFee.value
      : 0n
  const estimateParameters = {
    address,
    chainId,
    tokenAddress: selected?.address,
    enabled: Boolean(selected),
    to,
  }
  const estimate = useQuery({
    ...estimateTransferQueryOptions(config, { ...estimateParameters, amount: feeAmount }),
    placeholderData: (previous) => previous,
  })

  const validation = validateSendForm({
    token: formToken,
    amount: draft.amount,
    receiver,
    resolution,
    fee: formToken?.native ? estimate.data?.fee : undefined,
    nameSuffix: suffix,
  })
  const show = (message: SendFormMessage | undefined) =>
    message && (!message.required || draft.submitted) ? t(message.key, message.values) : undefined

  const native = account.network?.nativeCurrency
  const nativePrice = balances.data?.native.price ?? 0
  const fee = estimate.data?.fee
  const feeText =
    fee !== undefined && native
      ? `${formatFee(formatTokenUnits(fee, native.decimals), intlLocale)} ${native.symbol}`
      : undefined
  const feeFiat =
    fee !== undefined && native && nativePrice > 0
      ? formatFiat(Number(formatTokenUnits(fee, native.decimals)) * nativePrice, {
          currency: 'usd',
          locale: intlLocale,
        })
      : undefined
  const typedAmount = formToken ? parseTokenAmount(draft.amount, decimals) : undefined
  const amountFiat =
    typedAmount?.status === 'valid' && selected && selected.price > 0
      ? formatFiat(Number(formatTokenUnits(typedAmount.value, decimals)) * selected.price, {
          currency: 'usd',
          locale: intlLocale,
        })
      : undefined

  async function setMax() {
    if (!formToken || !selected) return
    if (!formToken.native)
      return update({ amount: formatTokenUnits(formToken.balance, formToken.decimals) })
    const { fee } = await queryClient.fetchQuery(
      estimateTransferQueryOptions(config, { ...estimateParameters, amount: 0n }),
    )
    update({
      amount: formatTokenUnits(
        getMaxTransferAmount({ balance: formToken.balance, fee }),
        formToken.decimals,
      ),
    })
  }

  function submit() {
    update({ submitted: true })
    const transfer = validation.transfer
    if (!transfer || !selected || !address || !chainId) return
    submitTransfer({
      config,
      router,
      queryClient,
      t,
      address,
      chainId,
      wallet: { name: account.connector?.name ?? '', icon: account.connector?.icon || undefined },
      token: { address: selected.address, symbol: selected.symbol },
      amount: transfer.amount,
      amountText: formatTokenUnits(transfer.amount, decimals),
      to: transfer.to,
      toLabel: typedName ?? transfer.to,
    })
  }

  return {
    tokens: tokens.map((token) => ({
      id: token.address ?? token.symbol,
      symbol: token.symbol,
      name: token.name,
      amount: formatTokenAmount(token.quantity.numeric, intlLocale),
      iconUrl: token.iconUrl || undefined,
    })),
    tokensStatus: balances.status,
    tokenId: selected ? draft.tokenId : undefined,
    onTokenChange: (tokenId) => update({ tokenId }),
    amount: draft.amount,
    onAmountChange: (amount) => update({ amount }),
    amountFiat,
    onMax: () => void setMax().catch(() => {}),
    receiver: draft.receiver,
    onReceiverChange: (text) => update({ receiver: text }),
    nameSuffix: suffix,
    resolvedName:
      typedName === undefined
        ? undefined
        : resolution?.status === 'success'
          ? { status: 'success', name: nameQuery.data?.name ?? typedName, address: to ?? '' }
          : resolution?.status === 'pending'
            ? { status: 'pending' }
            : undefined,
    fee: !selected
      ? { status: 'idle' }
      : feeText
        ? { status: 'success', text: feeText, fiat: feeFiat }
        : estimate.isError
          ? { status: 'error' }
          : { status: 'pending' },
    errors: {
      token: show(validation.token),
      amount: show(validation.amount),
      receiver: show(validation.receiver),
      form: show(validation.form),
    },
    failure: draft.failure,
    submitting: flowState.status !== 'idle',
    onSubmit: submit,
  }
}
