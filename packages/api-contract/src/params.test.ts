import { expect, test } from 'vitest'
import { chainIdParam, projectIdParam } from './params.ts'

test('a projectId is required and holds no control character', () => {
  expect(projectIdParam.parse('3f9c0e6b1d2a4c8e9f7a6b5c4d3e2f10')).toBe(
    '3f9c0e6b1d2a4c8e9f7a6b5c4d3e2f10',
  )
  expect(projectIdParam.safeParse('').error?.issues[0]?.message).toBe('A projectId is required.')
  for (const value of ['a\u0000b', '\u0000', 'a\nb', 'a\u007f'])
    expect(projectIdParam.safeParse(value).error?.issues[0]?.message).toBe(
      'A projectId has no control characters.',
    )
})

test('a chainId is a number or CAIP-2', () => {
  expect(chainIdParam.parse('eip155:31337')).toBe(31337)
  expect(chainIdParam.parse('1')).toBe(1)
  expect(chainIdParam.safeParse('31337\u0000').success).toBe(false)
})
