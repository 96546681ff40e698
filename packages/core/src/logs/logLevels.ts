/** The log levels, quietest last; `silent` records nothing. */
export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** Spec section 9: the log level when none is set. */
export const defaultLogLevel: LogLevel = 'error'
/** Spec section 9: the log buffer's size, in bytes (UTF-8 of the stored lines). */
export const defaultLogBufferBytes = 1_024_000
