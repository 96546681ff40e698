import { expect, test } from 'vitest'
import { createProjectOriginMatcher } from './createProjectOriginMatcher.ts'
import { listIgnoredOriginPatterns } from './listIgnoredOriginPatterns.ts'

const project = (id: string, allowedOrigins: string[]) => ({
  id,
  name: id,
  allowedOrigins,
  features: {},
  createdAt: new Date(0),
})

test('over-broad patterns stored before the checks are named, and allow nothing', () => {
  const stored = project('old', ['https://*.com', 'https://app.test'])
  expect(listIgnoredOriginPatterns([stored, project('fine', ['https://*.example.com'])])).toEqual([
    'Project old (old): ignored origin "https://*.com" is too broad: com is a public suffix, where anyone can register a site. Name a domain under it, like "https://*.example.com".',
  ])
  const matches = createProjectOriginMatcher(['http://localhost:*'])(stored)
  expect(matches('https://evil.com')).toBe(false)
  expect(matches('https://app.test')).toBe(true)
})
