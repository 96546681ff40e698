import { Alert } from '../alerts/Alert.tsx'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { useMessages } from '../hooks/useMessages.ts'

/**
 * The alert of a connection that ended by itself (spec section 8): the email wallet's session
 * expired ('Session Expired'), or its frame did not load on reload. Nothing for other errors.
 */
export default function ConnectAlert(props: { error: Error }) {
  const { t } = useMessages()
  const alertId = getAlertId(props.error)
  if (!alertId) return null
  return <Alert title={t(alerts[alertId].title)} text={t(alerts[alertId].text)} />
}
