import { getErrorMessage } from '@latch/react'

export type ConfigAlertProps = { error: unknown }

const texts: Record<string, string> = {
  ProjectIdNotConfiguredError:
    'This deployment has no project ID. Set LATCH_PROJECT_ID for the web server, or start the local devnet with npm start.',
  InvalidConfigError: 'The runtime configuration (/latch-config.js) is missing or malformed.',
}

/** Shown instead of the app when the runtime configuration cannot be used (spec alerts). */
export function ConfigAlert(props: ConfigAlertProps) {
  const name = props.error instanceof Error ? props.error.name : ''
  const issues = (props.error as { issues?: readonly string[] }).issues ?? []
  return (
    <main className="app__main">
      <div className="app__card app__alert" role="alert">
        <h1 className="app__alert-title">{getErrorMessage(props.error)}</h1>
        <p className="app__lead">{texts[name] ?? 'The app cannot start.'}</p>
        {issues.length > 0 ? (
          <ul className="app__issues">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </main>
  )
}
