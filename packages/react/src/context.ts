import type { LatchConfig, ModalRouter } from '@latch/core'
import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react'
import type { MessageKey } from './i18n/en.ts'
import type { LocaleCode } from './i18n/locales.ts'

/** The locale the views speak, picked once per provider. */
export type LatchI18n = {
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  /** The message for `key` with its `{placeholders}` filled. */
  t(key: MessageKey, values?: Readonly<Record<string, string | number>>): string
}

export type LatchContextValue = {
  config: LatchConfig
  /** The connect modal's open state and view history (one per provider). */
  modal: ModalRouter
  i18n: LatchI18n
  /**
   * The provider's TanStack Query client: the app's, or one `LatchQueryProvider` creates on
   * first use (so the page's first chunk carries no TanStack Query code).
   */
  queryClient: { current: QueryClient | undefined }
}

export const LatchContext = createContext<LatchContextValue | undefined>(undefined)
