import { createHash } from 'node:crypto'

/**
 * The Content-Security-Policy of a devnet page (the mailbox, the OpenID provider's login, the
 * test Farcaster client, the on-ramp checkout): no script at all, only the page's own inline
 * style (by hash), forms to `formAction` only (none by default), and no site may frame it.
 */
export function getDevnetPageCsp(parameters: {
  style: string
  formAction?: readonly string[] | undefined
}): string {
  const styleHash = createHash('sha256').update(parameters.style).digest('base64')
  const formAction = parameters.formAction?.length ? parameters.formAction.join(' ') : "'none'"
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join('; ')
}
