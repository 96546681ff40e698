import type { LogFields, Logger } from '../../logger.ts'

/** A logger that keeps its entries, for asserting on what the indexer reported. */
export function createTestLogger() {
  const entries: { level: 'info' | 'warn' | 'error'; message: string; fields?: LogFields }[] = []
  const logger: Logger = {
    info: (message, fields) =>
      entries.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
    warn: (message, fields) =>
      entries.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
    error: (message, fields) =>
      entries.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
  }
  return { logger, entries }
}
