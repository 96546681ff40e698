import { describe, expect, it } from 'vitest'
import {
  getNextWalletsPage,
  searchDebounceMs,
  searchResultsLimit,
  toWalletSearch,
} from './useAllWallets.ts'

const page = (size: number, count: number) => ({
  count,
  data: Array.from({ length: size }, (_, index) => ({ id: `w${index}` })),
})

describe('getNextWalletsPage', () => {
  it('asks for the next page of 40 until every wallet is loaded', () => {
    const first = page(40, 95)
    const second = page(40, 95)
    const third = page(15, 95)
    // biome-ignore lint/suspicious/noExplicitAny: only count and data.length matter here
    const next = (pages: any[]) => getNextWalletsPage(pages.at(-1), pages)
    expect(next([first])).toBe(2)
    expect(next([first, second])).toBe(3)
    expect(next([first, second, third])).toBeUndefined()
  })

  it('stops on an empty page even if the count promised more', () => {
    // biome-ignore lint/suspicious/noExplicitAny: only count and data.length matter here
    const pages: any[] = [page(40, 100), page(0, 100)]
    expect(getNextWalletsPage(pages[1], pages)).toBeUndefined()
  })
})

describe('search', () => {
  it('searches for the trimmed text, and not at all for a blank box', () => {
    expect(toWalletSearch('  rain ')).toBe('rain')
    expect(toWalletSearch('   ')).toBeUndefined()
  })

  it('uses the spec limits: 100 results, 300 ms after the last keystroke', () => {
    expect({ searchResultsLimit, searchDebounceMs }).toEqual({
      searchResultsLimit: 100,
      searchDebounceMs: 300,
    })
  })
})
