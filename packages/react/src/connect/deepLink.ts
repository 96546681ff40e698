/** The links a registry wallet publishes for WalletConnect (all optional, often empty). */
export type WalletLinks = {
  mobile_link?: string | null | undefined
  desktop_link?: string | null | undefined
  webapp_link?: string | null | undefined
}

const isHttpUrl = (link: string) => /^https?:\/\//i.test(link)

/**
 * The URL that opens a wallet on a WalletConnect pairing `uri`. A universal link
 * (`https://link.example.com`) gets `/wc?uri=…`; a native scheme (`example://`, `example:`,
 * `example`) becomes `example://wc?uri=…`.
 */
export function buildDeepLink(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  const trimmed = link.trim()
  if (isHttpUrl(trimmed)) return `${trimmed.replace(/\/+$/, '')}/wc?uri=${encoded}`
  // `example://` or `example://path`: keep it, one slash before `wc`.
  if (trimmed.includes('://')) {
    const base = trimmed.endsWith('://') ? trimmed : `${trimmed.replace(/\/+$/, '')}/`
    return `${base}wc?uri=${encoded}`
  }
  return `${trimmed.replace(/[:/]+$/, '')}://wc?uri=${encoded}`
}

export type WalletOpenLinks = {
  /** "Open {wallet}": the phone app on a phone, the desktop app on a desktop. */
  app: string | undefined
  /** "Open in browser": the wallet's web app. */
  webapp: string | undefined
}

/**
 * Which links to offer for a pairing `uri`: the mobile link on a phone, the desktop link on a
 * desktop (when the wallet has one), and the web app either way.
 */
export function getWalletOpenLinks(
  links: WalletLinks,
  uri: string | undefined,
  isPhone: boolean,
): WalletOpenLinks {
  if (!uri) return { app: undefined, webapp: undefined }
  const appLink = isPhone ? links.mobile_link : links.desktop_link
  return {
    app: appLink ? buildDeepLink(appLink, uri) : undefined,
    webapp: links.webapp_link ? buildDeepLink(links.webapp_link, uri) : undefined,
  }
}
