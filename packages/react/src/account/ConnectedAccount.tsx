import { useEffect, useState } from 'react'
import { AccountPanelSkeleton } from './AccountPanelSkeleton.tsx'
import type { ConnectedAccountProps } from './ConnectedAccountProps.ts'
import { getLoadedAccountPanel, loadAccountPanel } from './loadAccountPanel.ts'

export type { ConnectedAccountProps }

/**
 * The connected account's panel: header, balances, wallet features and the Tokens, NFTs and
 * Activity tabs. Its code is a separate chunk (`loadAccountPanel`, best started while
 * connecting); until it arrives a skeleton holds its place, so the panel is never blank.
 */
export function ConnectedAccount(props: ConnectedAccountProps) {
  // Rendered directly once loaded (no Suspense round, which React holds for ~300 ms).
  const [Panel, setPanel] = useState(getLoadedAccountPanel)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (Panel) return
    let active = true
    let retry: ReturnType<typeof setTimeout> | undefined
    loadAccountPanel().then(
      (module) => {
        if (active) setPanel(() => module.default)
      },
      // The chunk did not load (offline, a deploy replaced it): try again shortly.
      () => {
        if (active) retry = setTimeout(() => setAttempt(attempt + 1), 3000)
      },
    )
    return () => {
      active = false
      clearTimeout(retry)
    }
  }, [Panel, attempt])
  return Panel ? <Panel {...props} /> : <AccountPanelSkeleton />
}
