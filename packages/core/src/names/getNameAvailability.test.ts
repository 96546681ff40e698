import { describe, expect, it } from 'vitest'
import { getNameAvailability } from './getNameAvailability.ts'

const suffix = 'latch.id'

describe('getNameAvailability', () => {
  it('checks the rule first: letters, digits and hyphens, at least 4 characters', () => {
    const check = (label: string) =>
      getNameAvailability({ label, suffix, suggestions: undefined, failed: false }).status
    expect(check('')).toBe('empty')
    expect(check('   ')).toBe('empty')
    for (const invalid of ['abc', 'ali_ce', 'al ice', '-alice', 'alice-', 'élise', 'a'.repeat(64)])
      expect(check(invalid), invalid).toBe('invalid')
    for (const valid of ['alic', 'Alice', 'a-b-c', '1234', 'a'.repeat(63)])
      expect(check(valid), valid).toBe('checking')
  })

  it('reads the typed name from the suggestions: free, or taken with free alternatives', () => {
    const suggestions = [
      { name: 'alice.latch.id', registered: true },
      { name: 'alice1.latch.id', registered: true },
      { name: 'alice2.latch.id', registered: false },
      { name: 'alice3.latch.id', registered: false },
      { name: 'alice01.latch.id', registered: false },
      { name: 'alice123.latch.id', registered: false },
      { name: 'alice-app.latch.id', registered: false },
    ]
    expect(getNameAvailability({ label: 'Alice', suffix, suggestions, failed: false })).toEqual({
      status: 'taken',
      name: 'alice.latch.id',
      suggestions: ['alice2.latch.id', 'alice3.latch.id', 'alice01.latch.id', 'alice123.latch.id'],
    })
    expect(getNameAvailability({ label: 'alice2', suffix, suggestions, failed: false })).toEqual({
      status: 'available',
      name: 'alice2.latch.id',
    })
    // The API leaves the typed name out of the free-only list when it is taken.
    expect(getNameAvailability({ label: 'bobby', suffix, suggestions: [], failed: false })).toEqual(
      { status: 'taken', name: 'bobby.latch.id', suggestions: [] },
    )
  })

  it('a failed check is an error, not a verdict', () => {
    expect(getNameAvailability({ label: 'alice', suffix, suggestions: [], failed: true })).toEqual({
      status: 'error',
      name: 'alice.latch.id',
    })
  })
})
