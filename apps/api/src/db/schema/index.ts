/** Every table, mirroring `../migrations/*.sql` (the SQL files are the source of truth). */
export * from './analytics.ts'
export * from './cache.ts'
export * from './indexer.ts'
export * from './names.ts'
export * from './projects.ts'
export * from './rateLimits.ts'
export * from './sdkUsage.ts'
export * from './sessions.ts'
