import { loadProjectOriginCheck, projectOriginCheckKey } from '@latch/core'
import type { ReactNode } from 'react'
import { Alert } from '../alerts/Alert.tsx'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { useCachedRequest } from '../hooks/useCachedRequest.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

export type ProjectOriginGateProps = {
  /** The page's origin; default `location.origin` (none outside a browser: not checked). */
  origin?: string | undefined
  children: ReactNode
}

/**
 * The connect modal's check (spec section 7): as it opens, `GET /projects/v1/origins`; when
 * the project does not allow this page's origin (or allows none), the spec's 'Invalid App
 * Configuration' alert takes the place of the wallets, before one is picked. While the check
 * runs, and when it cannot be made (the API unreachable), the wallets show: the API still
 * refuses each call from an origin it does not allow.
 */
export function ProjectOriginGate(props: ProjectOriginGateProps) {
  const config = useConfig()
  const { t } = useMessages()
  const origin = props.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin
  // Core's cached check (once per page session; no query library in the modal's first view).
  const check = useCachedRequest(
    origin === undefined ? undefined : projectOriginCheckKey(origin),
    () => loadProjectOriginCheck(config, origin ?? ''),
  )
  const alertId = check.error ? getAlertId(check.error) : undefined
  if (!alertId) return <>{props.children}</>
  return (
    <div data-testid="latch-origin-alert">
      <Alert title={t(alerts[alertId].title)} text={t(alerts[alertId].text)} />
    </div>
  )
}
