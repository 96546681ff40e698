import { redactUrls } from './redactUrls.ts'

export type LogFields = Record<string, unknown>

/** The few log calls the API makes; inject a collecting one in tests. */
export type Logger = {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

/**
 * Logs one line per entry, prefixed so the API stands out in `npm start`'s combined output.
 * URLs in a line keep only their scheme and host (`redactUrls`): an RPC key in an error text
 * never reaches the log.
 */
export function createConsoleLogger({ prefix = '[api]' }: { prefix?: string } = {}): Logger {
  const line = (message: string, fields?: LogFields) =>
    redactUrls(
      fields && Object.keys(fields).length > 0
        ? `${prefix} ${message} ${JSON.stringify(fields)}`
        : `${prefix} ${message}`,
    )
  return {
    info: (message, fields) => console.log(line(message, fields)),
    warn: (message, fields) => console.warn(line(message, fields)),
    error: (message, fields) => console.error(line(message, fields)),
  }
}
