/** The Devnet Wallet's icon: a key on a green tile (inline, so no host is contacted). */
export const devnetWalletIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#22c55e"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs><rect width="40" height="40" rx="10" fill="url(#g)"/><circle cx="15" cy="20" r="5.5" fill="none" stroke="#fff" stroke-width="3"/><path d="M20.5 20H31m-3 0v4m-4-4v3" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
)}`
