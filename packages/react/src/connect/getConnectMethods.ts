import { type ConnectMethod, defaultLatchOptions } from '@latch/core'

/**
 * The connect methods to show, in the configured order: each once, only the enabled ones,
 * and always the wallet list (appended when the order leaves it out).
 */
export function getConnectMethods(
  order: readonly ConnectMethod[] | undefined,
  enabled: { email: boolean; social: boolean },
): ConnectMethod[] {
  const methods: ConnectMethod[] = []
  for (const method of order ?? defaultLatchOptions.connectMethodsOrder) {
    if (methods.includes(method)) continue
    if (method === 'email' && !enabled.email) continue
    if (method === 'social' && !enabled.social) continue
    methods.push(method)
  }
  if (!methods.includes('wallet')) methods.push('wallet')
  return methods
}
