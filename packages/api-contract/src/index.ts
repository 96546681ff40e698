export * from './balance.ts'
export * from './chains.ts'
export * from './devnetManifest.ts'
export * from './errors.ts'
