import { Alert, alerts, createI18n, getAlertId } from '@latch/react'

export type ConfigAlertProps = {
  error: unknown
  /** The configured locale, when the config got that far; default the browser's. */
  locale?: string | undefined
}

/** Shown instead of the app when the runtime configuration cannot be used (spec alerts). */
export function ConfigAlert(props: ConfigAlertProps) {
  // No LatchProvider here: the config that would create one is what failed.
  const { t, dir, locale } = createI18n(props.locale)
  const alert = alerts[getAlertId(props.error) ?? 'invalidConfig']
  const issues = (props.error as { issues?: readonly string[] }).issues ?? []
  return (
    <main className="app__main" dir={dir} lang={locale}>
      <div className="app__alert">
        <Alert title={t(alert.title)} text={t(alert.text)} headingLevel={1}>
          {issues.length > 0 ? (
            <ul className="app__issues" dir="ltr">
              {issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      </div>
    </main>
  )
}
