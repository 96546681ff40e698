/** Variables the schema owns: every `LATCH_*`, and the servers' PORT, HOST and DATABASE_URL. */
export function isConfigVariable(name: string): boolean {
  return name.startsWith('LATCH_') || name === 'PORT' || name === 'HOST' || name === 'DATABASE_URL'
}
