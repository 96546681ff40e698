import { expect, test } from 'vitest'
import { createBoundedMap } from './createBoundedMap.ts'

test('keeps at most maxEntries: the least recently used goes', () => {
  const map = createBoundedMap<string, number>(2)
  map.set('a', 1)
  map.set('b', 2)
  expect(map.get('a')).toBe(1)
  map.set('c', 3)
  expect(map.size).toBe(2)
  expect(map.get('b')).toBeUndefined()
  expect(map.get('a')).toBe(1)
  expect(map.get('c')).toBe(3)
  map.set('a', 10)
  map.set('d', 4)
  expect(map.get('c')).toBeUndefined()
  expect(map.get('a')).toBe(10)
  map.delete('a')
  expect(map.size).toBe(1)
  expect(() => createBoundedMap(0)).toThrow(RangeError)
})
