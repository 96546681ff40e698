import {
  type ErrorCatalogueEntry,
  type ErrorCatalogueName,
  errorCatalogue,
} from './errorCatalogue.ts'

export type GetErrorCatalogueEntryReturnType =
  | (ErrorCatalogueEntry & { name: ErrorCatalogueName; error: Error })
  | undefined

/** An error's entry: the first error down its cause chain that the table names (an abort wins). */
export function getErrorCatalogueEntry(error: unknown): GetErrorCatalogueEntryReturnType {
  let found: GetErrorCatalogueEntryReturnType
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (Object.hasOwn(errorCatalogue, current.name)) {
      const name = current.name as ErrorCatalogueName
      if (name === 'AbortError') return { ...errorCatalogue[name], name, error: current }
      found ??= { ...errorCatalogue[name], name, error: current }
    }
    current = current.cause
  }
  return found
}
