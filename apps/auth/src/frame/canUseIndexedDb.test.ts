import { IDBFactory } from 'fake-indexeddb'
import { expect, it } from 'vitest'
import { canUseIndexedDb } from './canUseIndexedDb.ts'

it('tells a usable IndexedDB from a refused or missing one', async () => {
  expect(await canUseIndexedDb(new IDBFactory())).toBe(true)
  expect(await canUseIndexedDb(undefined)).toBe(false)
  const refusing = {
    open() {
      const request = { error: new DOMException('denied', 'UnknownError') } as unknown as {
        onerror?: () => void
      }
      queueMicrotask(() => request.onerror?.())
      return request
    },
  } as unknown as IDBFactory
  expect(await canUseIndexedDb(refusing)).toBe(false)
  const throwing = {
    open() {
      throw new DOMException('denied', 'SecurityError')
    },
  } as unknown as IDBFactory
  expect(await canUseIndexedDb(throwing)).toBe(false)
})
