import type { LatchI18n } from '../context.ts'
import { useLatchContext } from './useConfig.ts'

/** The provider's locale: `t(key, values)` for every string a view shows, and its direction. */
export function useMessages(): LatchI18n {
  return useLatchContext().i18n
}
