import { checkProjectOrigin, type LatchConfig, ProjectOriginsUnavailableError } from '@latch/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from '../alerts/Alert.tsx'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

/** The query checking this page's origin against the project's (once per page session). */
export function projectOriginQuery(config: LatchConfig, origin: string | undefined) {
  return {
    queryKey: ['latch', 'projectOrigin', config.apiUrl, config.projectId, origin],
    queryFn: async (): Promise<'allowed' | 'unchecked'> => {
      try {
        if (origin) await checkProjectOrigin(config, { origin })
        return 'allowed'
      } catch (error) {
        // The API unreachable: not an answer about the origin; asked again next time.
        if (error instanceof ProjectOriginsUnavailableError) return 'unchecked'
        throw error
      }
    },
    enabled: origin !== undefined,
    // A refusal is the answer for the page's session: kept, not asked again on each opening.
    staleTime: (query: { state: { data?: 'allowed' | 'unchecked' | undefined } }) =>
      query.state.data === 'unchecked' ? 0 : Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    retryOnMount: false,
  } as const
}

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
  const check = useQuery(projectOriginQuery(config, origin))
  const alertId = check.error ? getAlertId(check.error) : undefined
  if (!alertId) return <>{props.children}</>
  return (
    <div data-testid="latch-origin-alert">
      <Alert title={t(alerts[alertId].title)} text={t(alerts[alertId].text)} />
    </div>
  )
}
