import { expect, it } from 'vitest'
import { createI18n } from './createI18n.ts'
import { getLoadedMessages, loadLocaleMessages } from './locales.ts'

// Its own file: a fresh module graph in which only English is loaded.
it('speaks English until the picked locale is loaded, then the locale', async () => {
  expect(getLoadedMessages('ar')).toBeUndefined()
  const before = createI18n('ar', [])
  expect(before).toMatchObject({ locale: 'en', dir: 'ltr' })
  expect(before.t('modal.close')).toBe('Close')

  await loadLocaleMessages('ar')
  const after = createI18n('ar', [])
  expect(after).toMatchObject({ locale: 'ar', dir: 'rtl' })
  expect(after.t('modal.close')).toBe('إغلاق')
})
