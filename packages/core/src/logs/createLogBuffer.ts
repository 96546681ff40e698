import { defaultLogBufferBytes, defaultLogLevel, type LogLevel, logLevels } from './logLevels.ts'
import { scrubLogValue } from './scrubLogValue.ts'

/** One recorded line. */
export type LogEntry = {
  /** ISO time. */
  time: string
  level: Exclude<LogLevel, 'silent'>
  message: string
  /** What the caller passed along, scrubbed (no keys, no signatures). */
  context?: unknown
}

export type CreateLogBufferParameters = {
  /** Entries below this level are not recorded (default `error`, spec section 9). */
  level?: LogLevel | undefined
  /** The buffer's cap in bytes; the oldest entries are dropped past it (default 1,024,000). */
  maxBytes?: number | undefined
  now?: (() => number) | undefined
}

export type LogBuffer = {
  readonly level: LogLevel
  readonly maxBytes: number
  /** Records `message` when `level` is at or above the buffer's level. */
  log(level: Exclude<LogLevel, 'silent'>, message: string, context?: unknown): void
  trace(message: string, context?: unknown): void
  debug(message: string, context?: unknown): void
  info(message: string, context?: unknown): void
  warn(message: string, context?: unknown): void
  error(message: string, context?: unknown): void
  fatal(message: string, context?: unknown): void
  /** The recorded entries, oldest first. */
  entries(): LogEntry[]
  /** The bytes the entries take (UTF-8 of their JSON lines, newline included). */
  size(): number
  /** Entries dropped because the buffer was full, since it was created or cleared. */
  dropped(): number
  clear(): void
}

const encoder = new TextEncoder()

/**
 * The client's log buffer (spec section 9: 1,024,000 bytes, level `error` by default): each
 * entry is kept as one JSON line, scrubbed of keys and signatures; past the cap the oldest
 * lines are dropped, so the newest always fit. Nothing is printed: it is read for a bug report
 * (`getLogsFile`).
 */
export function createLogBuffer({
  level = defaultLogLevel,
  maxBytes = defaultLogBufferBytes,
  now = Date.now,
}: CreateLogBufferParameters = {}): LogBuffer {
  if (!logLevels.includes(level))
    throw new TypeError(`logLevel must be one of ${logLevels.join(', ')}; got "${String(level)}".`)
  if (!Number.isInteger(maxBytes) || maxBytes < 1024)
    throw new TypeError(`logBufferBytes must be a whole number of at least 1024; got ${maxBytes}.`)
  const threshold = logLevels.indexOf(level)
  const lines: { text: string; bytes: number }[] = []
  let head = 0
  let total = 0
  let droppedCount = 0

  const log: LogBuffer['log'] = (entryLevel, message, context) => {
    if (logLevels.indexOf(entryLevel) < threshold) return
    const entry: LogEntry = {
      time: new Date(now()).toISOString(),
      level: entryLevel,
      message: String(scrubLogValue(message)),
    }
    if (context !== undefined) entry.context = scrubLogValue(context)
    let text = JSON.stringify(entry)
    let bytes = encoder.encode(text).byteLength + 1
    if (bytes > maxBytes) {
      // One entry larger than the whole buffer: keep its head, marked.
      text = JSON.stringify({ ...entry, context: '[too large]' }).slice(0, maxBytes / 2)
      text = JSON.stringify({ time: entry.time, level: entryLevel, message: text })
      bytes = encoder.encode(text).byteLength + 1
    }
    lines.push({ text, bytes })
    total += bytes
    while (total > maxBytes && head < lines.length - 1) {
      total -= lines[head]?.bytes ?? 0
      head++
      droppedCount++
    }
    // Compact now and then instead of shifting on every drop.
    if (head > 1024 && head * 2 > lines.length) {
      lines.splice(0, head)
      head = 0
    }
  }

  return {
    level,
    maxBytes,
    log,
    trace: (message, context) => log('trace', message, context),
    debug: (message, context) => log('debug', message, context),
    info: (message, context) => log('info', message, context),
    warn: (message, context) => log('warn', message, context),
    error: (message, context) => log('error', message, context),
    fatal: (message, context) => log('fatal', message, context),
    entries: () => lines.slice(head).map((line) => JSON.parse(line.text) as LogEntry),
    size: () => total,
    dropped: () => droppedCount,
    clear() {
      lines.length = 0
      head = 0
      total = 0
      droppedCount = 0
    },
  }
}
