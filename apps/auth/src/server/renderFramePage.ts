import { type FrameConfig, frameConfigElementId } from '../frame/frameConfigSchema.ts'

/**
 * The built frame page with its config added as a JSON block before `</head>`. `<` is escaped
 * so no value can close the element; the block is data (never run), so the CSP needs no
 * inline-script allowance.
 */
export function renderFramePage(html: string, config: FrameConfig): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  const block = `<script type="application/json" id="${frameConfigElementId}">${json}</script>`
  const at = html.indexOf('</head>')
  if (at === -1) throw new Error('The frame page has no </head>.')
  return `${html.slice(0, at)}${block}\n${html.slice(at)}`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A plain page saying why there is no frame (an unknown project, the API unreachable). */
export function renderErrorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body>
</html>
`
}
