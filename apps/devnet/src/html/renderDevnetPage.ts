import { escapeHtml } from './escapeHtml.ts'

/**
 * A devnet page's document around `body` (already escaped HTML): its `title` (escaped here),
 * its inline `style` (which its CSP allows by hash, see `getDevnetPageCsp`) and a referrer
 * policy (`no-referrer` unless the page's own forms need `same-origin`).
 */
export function renderDevnetPage(parameters: {
  title: string
  style: string
  body: string
  referrer?: 'no-referrer' | 'same-origin' | undefined
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${parameters.referrer ?? 'no-referrer'}">
<title>${escapeHtml(parameters.title)}</title>
<style>${parameters.style}</style>
</head>
<body>
${parameters.body}
</body>
</html>
`
}
