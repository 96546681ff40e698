import '../i18n/laterMessages.ts'
import type { CaipNetworkId, ModalView, WalletFeature } from '@latch/core'
import { useState } from 'react'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { useAnalyticsError } from '../analytics/useAnalyticsError.ts'
import { preloadUpdateEmailViews } from '../email/emailRoutes.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import type { MessageKey } from '../i18n/en.ts'
import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { usePendingTransactions } from '../transactions/usePendingTransactions.ts'
import { AccountTabs } from './AccountTabs.tsx'
import { type AccountBalance, AccountView } from './AccountView.tsx'
import { ActivityList, type ActivityListProps, type ActivityRowView } from './ActivityList.tsx'
import type { ConnectedAccountProps } from './ConnectedAccountProps.ts'
import { downloadLogs } from './downloadLogs.ts'
import { explorerTransactionUrl } from './explorerTransactionUrl.ts'
import { formatFiat } from './formatFiat.ts'
import { formatRelativeTime } from './formatRelativeTime.ts'
import { formatSignedTokenAmount, formatTokenAmount } from './formatTokenAmount.ts'
import { getSocialAccount } from './getSocialAccount.ts'
import { getWalletFeatures } from './getWalletFeatures.ts'
import { groupByDate } from './groupByDate.ts'
import { NftGrid, type NftGridProps } from './NftGrid.tsx'
import { SmartAccountToggle } from './SmartAccountToggle.tsx'
import { shortenAddress } from './shortenAddress.ts'
import { TokenList, type TokenListProps } from './TokenList.tsx'
import { type ActivityOperation, toActivityRow } from './toActivityRow.ts'
import { toIntlLocale } from './toIntlLocale.ts'
import { useAccountBalance } from './useAccountBalance.ts'
import { useAccountHistory } from './useAccountHistory.ts'
import { useAccountNfts } from './useAccountNfts.ts'
import { useDisconnectAccount } from './useDisconnectAccount.ts'
import { useEmbeddedAccount } from './useEmbeddedAccount.ts'
import { useIdentity } from './useIdentity.ts'
import { useNow } from './useNow.ts'
import { useSmartAccount } from './useSmartAccount.ts'

type TabId = 'tokens' | 'nfts' | 'activity'

/** The modal view of each wallet feature (only built ones are shown: `getWalletFeatures`). */
const featureViews: Readonly<Partial<Record<WalletFeature, ModalView>>> = {
  swaps: 'Swap',
  onramp: 'Buy',
  send: 'Send',
  receive: 'Receive',
}

type AccountTarget = {
  address: string
  chainId: number | undefined
  /** Set on a Solana or Bitcoin network: balances and activity are read by it. */
  caipNetworkId?: CaipNetworkId | undefined
}

/** What a Solana or Bitcoin account offers: Send (Solana; Bitcoin says 'Unsupported chain'), Receive. */
const namespaceFeatures: readonly WalletFeature[] = ['send', 'receive']

/**
 * The account panel wired to the connected account: identity, balances (with the spec's
 * 30 s failure rule), wallet features, and the Tokens, NFTs and Activity tabs. The lazily
 * loaded part of `ConnectedAccount`, with TanStack Query.
 */
export default function ConnectedAccountPanel(props: ConnectedAccountProps) {
  return (
    <LatchQueryProvider>
      <AccountPanel {...props} />
    </LatchQueryProvider>
  )
}

function AccountPanel(props: ConnectedAccountProps) {
  const inModal = props.placement === 'modal'
  const config = useConfig()
  const account = useAccount()
  const state = useLatchState()
  // A Solana or Bitcoin connection on top: its network by CAIP-2 id (eip155 keeps chainId).
  const namespace = state.activeNamespace ?? 'eip155'
  const caipNetworkId = namespace === 'eip155' ? undefined : state.caipNetworkId
  const caipNetwork = caipNetworkId
    ? config.caipNetworks.find((network) => network.caipNetworkId === caipNetworkId)
    : undefined
  const { t, locale, dir } = useMessages()
  const { router } = useConnectModal()
  const clipboard = useCopyToClipboard()
  const [tab, setTab] = useState<TabId>('tokens')
  const currency = props.currency ?? config.options.currency
  const balance = useAccountBalance({
    address: account.address,
    chainId: account.chainId,
    caipNetworkId,
    currency,
  })
  // Names and avatars are EVM's (account names resolve on eip155): none asked for Solana or Bitcoin.
  const identity = useIdentity(caipNetworkId ? undefined : account.address)
  const pending = usePendingTransactions({ address: account.address, chainId: account.chainId })
  const disconnector = useDisconnectAccount({ onDisconnected: inModal ? router.close : undefined })
  // The email wallet: Sign out (both sides) stands for Disconnect.
  const embedded = useEmbeddedAccount({ onSignedOut: inModal ? router.close : undefined })
  // Its smart account and EOA, where the network has smart accounts.
  const smartAccount = useSmartAccount({ user: embedded?.user, chainId: account.chainId })
  // The API refused the app (a 403 from analytics): 'Invalid App Configuration' below.
  const analyticsError = useAnalyticsError()
  if (!account.address) return null

  const intlLocale = toIntlLocale(locale)
  const fiat = (value: number | undefined) =>
    value === undefined ? undefined : formatFiat(value, { currency, locale: intlLocale })
  const balanceView: AccountBalance = balance.data
    ? {
        status: 'success',
        amount: formatTokenAmount(balance.data.native.quantity.numeric, intlLocale),
        symbol: balance.data.native.symbol,
        total: fiat(balance.data.total),
        currencyIconUrl: `${config.apiUrl}/public/getCurrencyImage/${currency.toUpperCase()}`,
      }
    : balance.error && !balance.isPending
      ? { status: 'error', message: getErrorMessage(balance.error, t) }
      : { status: 'pending' }
  const tokens: TokenListProps['state'] = balance.data
    ? {
        status: 'success',
        tokens: balance.data.tokens.map((token) => ({
          id: token.address ?? token.symbol,
          name: token.name,
          symbol: token.symbol,
          amount: formatTokenAmount(token.quantity.numeric, intlLocale),
          value: fiat(token.value),
          iconUrl: token.iconUrl || undefined,
        })),
        total: fiat(balance.data.total),
      }
    : balanceView.status === 'error'
      ? { status: 'error', message: balanceView.message, onRetry: balance.retry }
      : { status: 'pending' }
  // The API refused the app (the balance call, or analytics): 'Invalid App Configuration'.
  const alertId =
    (balance.error ? getAlertId(balance.error) : undefined) ??
    (analyticsError ? getAlertId(analyticsError) : undefined)
  const features = getWalletFeatures({
    order: config.options.walletFeaturesOrder,
    features: config.options.features,
    restrictedTimeZones: config.options.restrictedTimeZones,
  }).filter((id) => !caipNetworkId || namespaceFeatures.includes(id))
  const target = { address: account.address, chainId: account.chainId, caipNetworkId }
  // Over Account when the panel is the modal, else the modal opens on the view.
  const openView = (view: 'RegisterAccountName' | 'Sessions') =>
    inModal ? router.push({ view }) : router.open({ view })

  return (
    <AccountView
      address={account.address}
      name={identity.data?.name ?? undefined}
      avatarUrl={identity.data?.avatar ?? undefined}
      identityPending={!caipNetworkId && identity.isPending}
      networkName={
        account.network?.name ??
        caipNetwork?.name ??
        t('account.unknownNetwork', { chainId: account.chainId ?? caipNetworkId ?? '?' })
      }
      chainId={account.chainId}
      pendingCount={pending.length}
      balance={balanceView}
      // A social sign-in names its provider ("Connected with GitHub"), not the connector (Email).
      walletName={getSocialAccount(embedded?.user)?.provider ?? account.connector?.name}
      walletIcon={account.connector?.icon || undefined}
      alert={
        alertId ? { title: t(alerts[alertId].title), text: t(alerts[alertId].text) } : undefined
      }
      // Each built feature opens its modal view (over Account when the panel is the modal).
      features={features.map((id) => ({
        id,
        label: t(`account.feature.${id}`),
        onSelect: () => {
          const view = featureViews[id]
          if (!view) return
          if (inModal) router.push({ view })
          else router.open({ view })
        },
      }))}
      onOpenNetworks={() =>
        inModal ? router.push({ view: 'Networks' }) : router.open({ view: 'Networks' })
      }
      onCopyAddress={() => clipboard.copy(account.address ?? '')}
      copied={clipboard.copied}
      onDisconnect={embedded ? embedded.signOut : disconnector.disconnect}
      disconnecting={embedded ? embedded.signingOut : disconnector.isPending}
      embedded={
        embedded
          ? {
              email: embedded.user?.email ?? undefined,
              social: getSocialAccount(embedded.user),
              // Opened once its views are there, so each field (not the title) gets the focus.
              // A social account without email adds one (a code to the new address only):
              // exporting the key needs an email to send its code to.
              onUpdateEmail: () =>
                void preloadUpdateEmailViews()
                  .catch(() => {})
                  .then(() =>
                    inModal
                      ? router.push({ view: 'UpdateEmailWallet' })
                      : router.open({ view: 'UpdateEmailWallet' }),
                  ),
              onExportKey: embedded.exportKey,
              exporting: embedded.exporting,
            }
          : undefined
      }
      accountType={smartAccount ? <SmartAccountToggle {...smartAccount} /> : undefined}
      // Offered once the identity says the account has no name yet.
      onRegisterName={
        identity.data && !identity.data.name ? () => openView('RegisterAccountName') : undefined
      }
      onOpenSessions={config.options.signIn === 'required' ? () => openView('Sessions') : undefined}
      onDownloadLogs={() => downloadLogs(config)}
    >
      <AccountTabs<TabId>
        label={t('account.tabs')}
        dir={dir}
        tabs={[
          { id: 'tokens', label: t('account.tabTokens') },
          { id: 'nfts', label: t('account.tabNfts') },
          { id: 'activity', label: t('account.tabActivity') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'tokens' ? (
          <TokenList state={tokens} />
        ) : tab === 'nfts' ? (
          <NftsTab {...target} />
        ) : (
          <ActivityTab {...target} />
        )}
      </AccountTabs>
    </AccountView>
  )
}

function NftsTab(props: AccountTarget) {
  // NFTs are read on EVM networks only: a Solana or Bitcoin account gets the empty state.
  if (props.caipNetworkId) return <NftGrid state={{ status: 'success', nfts: [] }} />
  return <EvmNftsTab {...props} />
}

function EvmNftsTab(props: AccountTarget) {
  const { t } = useMessages()
  const nfts = useAccountNfts(props)
  const state: NftGridProps['state'] = nfts.data
    ? {
        status: 'success',
        nfts: nfts.data.data.map((nft) => ({
          id: `${nft.chainId}:${nft.contract}:${nft.tokenId}`,
          name: nft.name,
          collection: nft.collectionName,
          imageUrl: nft.imageUrl,
        })),
      }
    : nfts.status === 'error'
      ? { status: 'error', message: t('nfts.failed'), onRetry: () => void nfts.refetch() }
      : { status: 'pending' }
  return <NftGrid state={state} />
}

const titleKeys: Readonly<Record<ActivityOperation, MessageKey>> = {
  send: 'activity.send',
  receive: 'activity.receive',
  trade: 'activity.trade',
  mint: 'activity.mint',
  burn: 'activity.burn',
  execute: 'activity.execute',
  approve: 'activity.approve',
  deploy: 'activity.deploy',
}

function ActivityTab(props: AccountTarget) {
  const config = useConfig()
  const i18n = useMessages()
  const { t } = i18n
  const history = useAccountHistory(props)
  const pending = usePendingTransactions(props)
  // Relative times ("5 min ago") move on while the list is shown.
  const now = useNow(30_000)
  const intlLocale = toIntlLocale(i18n.locale)
  const dateFormat = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' })
  const timeFormat = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

  let state: ActivityListProps['state']
  if (history.transactions) {
    const rows = history.transactions.map((transaction) =>
      toActivityRow(transaction, config.caipNetworks),
    )
    // The explorer of the account's network (none on the local devnets: no link).
    const explorer = config.caipNetworks.find((network) =>
      props.caipNetworkId
        ? network.caipNetworkId === props.caipNetworkId
        : network.caipNetworkId === `eip155:${props.chainId}`,
    )?.blockExplorerUrl
    // Sent through Latch and not settled: at the top, until the outcome is known.
    const pendingRows: ActivityRowView[] = pending.map((transaction) => ({
      id: `pending:${transaction.hash}`,
      title: t('activity.send'),
      direction: 'out',
      status: 'pending',
      statusLabel: t('activity.statusPending'),
      amount:
        transaction.amount && transaction.symbol
          ? `${formatSignedTokenAmount(transaction.amount, 'out', intlLocale)} ${transaction.symbol}`
          : undefined,
      counterparty: transaction.to
        ? { text: t('activity.to'), address: shortenAddress(transaction.to) }
        : undefined,
      time: formatRelativeTime(transaction.submittedAt, now, i18n),
      dateTime: new Date(transaction.submittedAt).toISOString(),
      timeTitle: timeFormat.format(transaction.submittedAt),
      explorerUrl: explorerTransactionUrl(explorer, transaction.hash),
    }))
    const pendingGroup = pendingRows.length
      ? [{ key: 'pending', label: t('activity.statusPending'), rows: pendingRows }]
      : []
    state = {
      status: 'success',
      groups: [
        ...pendingGroup,
        ...groupByDate(rows, (row) => row.time, now).map((group) => ({
          key: group.key,
          label:
            group.label.kind === 'today'
              ? t('activity.today')
              : group.label.kind === 'yesterday'
                ? t('activity.yesterday')
                : dateFormat.format(group.label.date),
          rows: group.items.map((row) => ({
            id: row.id,
            title: row.onramp ? t('activity.bought') : t(titleKeys[row.operation]),
            direction: row.direction,
            status: row.status,
            statusLabel:
              row.status === 'failed'
                ? t('activity.statusFailed')
                : row.status === 'pending'
                  ? t('activity.statusPending')
                  : undefined,
            amount:
              row.asset?.kind === 'fungible'
                ? `${formatSignedTokenAmount(row.asset.numeric, row.asset.sign, intlLocale)} ${row.asset.symbol}`
                : row.asset?.name,
            thumbnailUrl: row.asset?.kind === 'nft' ? row.asset.imageUrl : undefined,
            counterparty: row.onramp
              ? { text: t('activity.from'), address: row.onramp }
              : row.counterparty
                ? {
                    text: t(row.counterparty.role === 'to' ? 'activity.to' : 'activity.from'),
                    address: shortenAddress(row.counterparty.address),
                  }
                : undefined,
            time: formatRelativeTime(row.time, now, i18n),
            dateTime: new Date(row.time).toISOString(),
            timeTitle: timeFormat.format(row.time),
            more: row.moreTransfers
              ? t('activity.moreTransfers', { count: row.moreTransfers })
              : undefined,
            explorerUrl: row.explorerUrl,
          })),
        })),
      ],
    }
  } else if (history.status === 'error') state = { status: 'error', message: t('activity.failed') }
  else state = { status: 'pending' }

  return (
    <ActivityList
      state={state}
      hasMore={history.hasMore}
      isLoadingMore={history.isLoadingMore}
      onLoadMore={history.loadMore}
    />
  )
}
