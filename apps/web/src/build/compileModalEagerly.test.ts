import { describe, expect, test } from 'vitest'
import { compileHint, prependCompileHint } from './compileModalEagerly.ts'

describe('prependCompileHint', () => {
  test('puts the hint on the first line and moves the source map down one line', () => {
    const hinted = prependCompileHint('const a=1;\nexport{a};', ';AAAA;AACA')
    expect(hinted.code).toBe('//# allFunctionsCalledOnLoad\nconst a=1;\nexport{a};')
    expect(hinted.code.startsWith(compileHint)).toBe(true)
    expect(hinted.mappings).toBe(';;AAAA;AACA')
  })

  test('without a source map, only the code changes', () => {
    expect(prependCompileHint('x()')).toEqual({ code: `${compileHint}x()` })
  })

  test('a chunk already hinted is left as it is (the map too)', () => {
    const once = prependCompileHint('x()', 'AAAA')
    expect(prependCompileHint(once.code, once.mappings)).toEqual(once)
  })
})
