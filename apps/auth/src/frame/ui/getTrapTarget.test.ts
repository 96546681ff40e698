import { expect, test } from 'vitest'
import { getTrapTarget } from './getTrapTarget.ts'

const items = ['passphrase', 'repeat', 'cancel', 'continue']

test('Tab from the last goes to the first, Shift+Tab from the first to the last', () => {
  expect(getTrapTarget(items, 'continue', false)).toBe('passphrase')
  expect(getTrapTarget(items, 'passphrase', true)).toBe('continue')
})

test('inside the list the browser moves focus itself', () => {
  expect(getTrapTarget(items, 'repeat', false)).toBeUndefined()
  expect(getTrapTarget(items, 'repeat', true)).toBeUndefined()
  expect(getTrapTarget(items, 'passphrase', false)).toBeUndefined()
  expect(getTrapTarget(items, 'continue', true)).toBeUndefined()
})

test('focus outside the list (the dialog itself, the body) comes back to the first or last', () => {
  expect(getTrapTarget(items, null, false)).toBe('passphrase')
  expect(getTrapTarget(items, 'body', true)).toBe('continue')
  expect(getTrapTarget(['only'], 'only', false)).toBe('only')
  expect(getTrapTarget([], 'body', false)).toBeUndefined()
})
