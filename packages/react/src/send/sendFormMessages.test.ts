import { formatSendFormMessage, type SendFormMessageKey, sendFormMessages } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'

const values = { symbol: 'LUSD', decimals: 6, suffix: 'latch.id' }

describe("the Send form's messages", () => {
  it("are shown in English exactly as core words them (the spec's words)", () => {
    const keys = Object.keys(sendFormMessages) as SendFormMessageKey[]
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys)
      expect(translate(en, `send.${key}`, values)).toBe(formatSendFormMessage({ key, values }))
  })
})
