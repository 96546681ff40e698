import { formatEther } from 'viem'
import type { DevnetWalletRequest } from './createDevnetWalletProvider.ts'
import './devnetWallet.css'

/** What the dialog shows: the Solana and Bitcoin devnet wallets describe their own requests. */
export type Described = {
  action: string
  lines: { label: string; value: string }[]
  /** Plain explanation. */
  note?: string
  /** What is signed, shown verbatim. */
  body?: string
}

function describe(request: DevnetWalletRequest): Described {
  switch (request.kind) {
    case 'connect':
      return {
        action: `Connect to ${request.origin || 'this site'}?`,
        lines: [{ label: 'Account', value: request.address }],
        note: 'The site will see your address and balances, and can ask you to sign.',
      }
    case 'signMessage':
      return {
        action: 'Sign this message?',
        lines: [{ label: 'Account', value: request.address }],
        body: request.message,
      }
    case 'signTypedData':
      return {
        action: `Sign ${request.primaryType}${request.domain ? ` for ${request.domain}` : ''}?`,
        lines: [{ label: 'Account', value: request.address }],
        body: request.json,
      }
    case 'sendTransaction':
      return {
        action: 'Send this transaction?',
        lines: [
          { label: 'Network', value: request.chainName },
          { label: 'To', value: request.to ?? 'New contract' },
          { label: 'Amount', value: `${formatEther(request.value)} ${request.symbol}` },
          ...(request.data && request.data !== '0x'
            ? [{ label: 'Data', value: `${(request.data.length - 2) / 2} bytes` }]
            : []),
        ],
      }
    case 'sendCalls':
      return {
        action: `Send these ${request.calls.length} calls together?`,
        lines: [
          { label: 'Network', value: request.chainName },
          ...request.calls.map((call, index) => ({
            label: `Call ${index + 1}`,
            value: [
              call.to,
              ...(call.value > 0n ? [`${formatEther(call.value)} ${request.symbol}`] : []),
              ...(call.data && call.data !== '0x'
                ? [`${call.data.slice(0, 10)} (${(call.data.length - 2) / 2} bytes)`]
                : []),
            ].join(' · '),
          })),
        ],
        note: 'One transaction: all the calls go through, or none does.',
      }
    case 'callsStatus':
      return {
        action: `Batch ${request.status.toLowerCase()}`,
        lines: [
          { label: 'Network', value: request.chainName },
          { label: 'Status', value: request.status },
          ...request.transactions.map((hash) => ({ label: 'Transaction', value: hash })),
        ],
      }
  }
}

/**
 * The Devnet Wallet's confirmation: an in-page modal alertdialog above everything (even the
 * connect modal), one request at a time. Escape or Cancel declines. Cancel has the focus, so
 * an Enter or a space meant for the page never approves a request by accident.
 */
export function createConfirmDialog(options: { document: Document; icon: string }) {
  const { document } = options
  let queue: Promise<unknown> = Promise.resolve()

  function show({ action, lines, note, body }: Described): Promise<boolean> {
    const dialog = document.createElement('dialog')
    dialog.className = 'devnet-wallet'
    dialog.setAttribute('role', 'alertdialog')
    dialog.setAttribute('aria-modal', 'true')
    const titleId = `devnet-wallet-title-${Math.random().toString(36).slice(2)}`
    const textId = `${titleId}-text`
    dialog.setAttribute('aria-labelledby', titleId)
    dialog.setAttribute('aria-describedby', textId)

    const header = document.createElement('div')
    header.className = 'devnet-wallet__header'
    const icon = document.createElement('img')
    icon.src = options.icon
    icon.alt = ''
    icon.width = 28
    icon.height = 28
    const title = document.createElement('h2')
    title.id = titleId
    title.textContent = 'Devnet Wallet'
    const badge = document.createElement('span')
    badge.className = 'devnet-wallet__badge'
    badge.textContent = 'Test keys only'
    header.append(icon, title, badge)

    const text = document.createElement('p')
    text.id = textId
    text.className = 'devnet-wallet__action'
    text.textContent = action

    const list = document.createElement('dl')
    list.className = 'devnet-wallet__lines'
    for (const line of lines) {
      const row = document.createElement('div')
      const dt = document.createElement('dt')
      dt.textContent = line.label
      const dd = document.createElement('dd')
      dd.textContent = line.value
      row.append(dt, dd)
      list.append(row)
    }

    const actions = document.createElement('div')
    actions.className = 'devnet-wallet__actions'
    const reject = document.createElement('button')
    reject.type = 'button'
    reject.className = 'devnet-wallet__reject'
    reject.textContent = 'Cancel'
    const confirm = document.createElement('button')
    confirm.type = 'button'
    confirm.className = 'devnet-wallet__confirm'
    confirm.textContent = 'Confirm'
    actions.append(reject, confirm)

    dialog.append(header, text, list)
    if (note) {
      const paragraph = document.createElement('p')
      paragraph.className = 'devnet-wallet__note'
      paragraph.textContent = note
      dialog.append(paragraph)
    }
    if (body) {
      const pre = document.createElement('pre')
      pre.className = 'devnet-wallet__body'
      pre.textContent = body
      dialog.append(pre)
    }
    dialog.append(actions)
    document.body.append(dialog)

    return new Promise<boolean>((resolve) => {
      const finish = (approved: boolean) => {
        dialog.close()
        dialog.remove()
        resolve(approved)
      }
      reject.addEventListener('click', () => finish(false))
      confirm.addEventListener('click', () => finish(true))
      dialog.addEventListener('cancel', (event) => {
        event.preventDefault()
        finish(false)
      })
      dialog.showModal()
      reject.focus()
    })
  }

  const confirmDescribed = (described: Described): Promise<boolean> => {
    const answer = queue.then(() => show(described))
    queue = answer.catch(() => {})
    return answer
  }
  return {
    /** Asks the person; requests queue so only one dialog shows at a time. */
    confirm: (request: DevnetWalletRequest): Promise<boolean> =>
      confirmDescribed(describe(request)),
    /** The same, for a request its wallet already put in words (Solana, Bitcoin). */
    confirmDescribed,
  }
}
