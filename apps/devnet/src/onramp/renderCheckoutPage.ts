import { escapeHtml } from '../html/escapeHtml.ts'
import { getDevnetPageCsp } from '../html/getDevnetPageCsp.ts'
import { renderDevnetPage } from '../html/renderDevnetPage.ts'

const style = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1b1d21;background:#f6f7f9}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #dde1e6;border-radius:12px;padding:1.5rem}
h1{font-size:1.3rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem}
.muted{color:#555;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .75rem;margin:0 0 1rem;font-size:.95rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem .6rem;border:1px solid #9aa3ad;border-radius:8px;background:#fff;color:inherit}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2554c7;outline-offset:2px}
input[aria-invalid=true]{border-color:#b3261e}
.hint{font-size:.85rem;color:#555;margin:.25rem 0 0}
.error{color:#b3261e;font-weight:600;margin:.25rem 0 0}
button{font:inherit;font-weight:600;margin-top:1.25rem;width:100%;padding:.65rem;border:0;border-radius:8px;background:#2554c7;color:#fff;cursor:pointer}
.done{font-size:1.4rem;font-weight:700;margin:0 0 .5rem}
a{color:#2554c7}
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8eaee}main{background:#1b1e24;border-color:#2c313a}input,select{background:#111317;border-color:#59606b}.muted,.hint{color:#aab}a{color:#8fb0ff}input[aria-invalid=true]{border-color:#ff8a80}.error{color:#ff8a80}}
`

/**
 * The checkout page's Content-Security-Policy: no script at all, only its own style (by hash),
 * forms post back to the sandbox only, and no site may frame it (no clickjacking of "Pay").
 */
export const checkoutPageCsp = getDevnetPageCsp({ style, formAction: ["'self'"] })

/** Headers every sandbox page is served with. */
export const checkoutPageHeaders = {
  'content-security-policy': checkoutPageCsp,
  'x-content-type-options': 'nosniff',
  // The page's own form posts back to the services, which refuse Origin "null" (what a browser
  // sends for a POST from a no-referrer page): same-origin still sends no referrer elsewhere.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
} as const

export type CheckoutFormState = {
  brandName: string
  feePercent: number
  /** Where the form posts. */
  action: string
  checkoutId: string
  symbol: string
  assetName: string
  networkName: string
  address: string
  amount: string
  currency: string
  currencies: readonly string[]
  /** A problem to show, with the field it is about. */
  error?: { field: 'amount' | 'currency' | 'card' | 'form'; message: string } | undefined
}

/**
 * The checkout form: amount, currency, a test card number; plain HTML, usable by keyboard (a
 * refused field takes the focus, its message read out as an alert and tied to it).
 */
export function renderCheckoutPage(state: CheckoutFormState): string {
  const { error } = state
  const fieldError = (field: string) =>
    error?.field === field
      ? `<p class="error" id="${field}-error" role="alert">${escapeHtml(error.message)}</p>`
      : ''
  const invalid = (field: string) =>
    error?.field === field ? ` aria-invalid="true" aria-describedby="${field}-error" autofocus` : ''
  const options = state.currencies
    .map(
      (currency) =>
        `<option value="${escapeHtml(currency)}"${currency === state.currency ? ' selected' : ''}>${escapeHtml(currency)}</option>`,
    )
    .join('')
  return page(
    `Buy ${state.symbol} - ${state.brandName}`,
    `<h1>Buy ${escapeHtml(state.symbol)} with ${escapeHtml(state.brandName)}</h1>
<p class="muted">A devnet sandbox: test cards only, test funds only. Fee ${escapeHtml(String(state.feePercent))}%.</p>
<dl><dt>Asset</dt><dd>${escapeHtml(state.assetName)} (${escapeHtml(state.symbol)})</dd><dt>Network</dt><dd>${escapeHtml(state.networkName)}</dd><dt>To</dt><dd><code>${escapeHtml(state.address)}</code></dd></dl>
${error?.field === 'form' ? `<p class="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(state.action)}" novalidate>
<input type="hidden" name="checkout" value="${escapeHtml(state.checkoutId)}">
<label for="amount">Amount to pay</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="transaction-amount" required value="${escapeHtml(state.amount)}"${invalid('amount')}>
${fieldError('amount')}
<label for="currency">Currency</label>
<select id="currency" name="currency"${invalid('currency')}>${options}</select>
${fieldError('currency')}
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" required placeholder="4242 4242 4242 4242" aria-describedby="card-hint${error?.field === 'card' ? ' card-error' : ''}"${error?.field === 'card' ? ' aria-invalid="true" autofocus' : ''}>
<p class="hint" id="card-hint">Test numbers only, such as 4242 4242 4242 4242. Any expiry and CVC are assumed.</p>
${fieldError('card')}
<button type="submit">Pay</button>
</form>`,
  )
}

export type CheckoutCompleteState = {
  brandName: string
  symbol: string
  cryptoAmount: string
  total: string
  currency: string
  networkName: string
  address: string
  transactionHash: string
  /** Where "Back to the app" goes. */
  returnUrl: string
}

/** The page after a purchase: what was bought, where it went, and a link back. */
export function renderCheckoutCompletePage(state: CheckoutCompleteState): string {
  return page(
    'Purchase complete',
    `<h1 class="done">Purchase complete</h1>
<p>${escapeHtml(state.cryptoAmount)} ${escapeHtml(state.symbol)} for ${escapeHtml(state.total)} ${escapeHtml(state.currency)} with ${escapeHtml(state.brandName)}.</p>
<dl><dt>Network</dt><dd>${escapeHtml(state.networkName)}</dd><dt>To</dt><dd><code>${escapeHtml(state.address)}</code></dd><dt>Transaction</dt><dd><code>${escapeHtml(state.transactionHash)}</code></dd></dl>
<p><a href="${escapeHtml(state.returnUrl)}" rel="noreferrer">Back to the app</a></p>`,
  )
}

/** A page that says why the checkout cannot open (a spent or forged link). */
export function renderCheckoutErrorPage(message: string, returnUrl: string): string {
  return page(
    'Checkout unavailable',
    `<h1>Checkout unavailable</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(returnUrl)}" rel="noreferrer">Back to the app</a></p>`,
  )
}

function page(title: string, body: string): string {
  return renderDevnetPage({
    title,
    style,
    body: `<main>\n${body}\n</main>`,
    referrer: 'same-origin',
  })
}
