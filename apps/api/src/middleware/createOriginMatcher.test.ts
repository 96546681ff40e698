import { expect, test } from 'vitest'
import { createOriginMatcher, isOriginPattern } from './createOriginMatcher.ts'

test('localhost on any port', () => {
  const matches = createOriginMatcher(['http://localhost:*', 'http://127.0.0.1:*'])
  expect(matches('http://localhost:4170')).toBe(true)
  expect(matches('http://localhost')).toBe(true)
  expect(matches('http://127.0.0.1:5173')).toBe(true)
  expect(matches('https://localhost:4170')).toBe(false)
  expect(matches('http://localhost.evil.test')).toBe(false)
  expect(matches('http://localhost:4170.evil.test')).toBe(false)
})

test('subdomain wildcards', () => {
  const matches = createOriginMatcher(['https://*.example.com'])
  expect(matches('https://app.example.com')).toBe(true)
  expect(matches('https://a.b.example.com')).toBe(true)
  expect(matches('https://example.com')).toBe(false)
  expect(matches('https://evilexample.com')).toBe(false)
  expect(matches('https://app.example.com.evil.test')).toBe(false)
  expect(matches('https://app.example.com:8443')).toBe(false)
})

test('exact origins, case and trailing slashes', () => {
  const matches = createOriginMatcher(['https://App.Test/'])
  expect(matches('https://app.test')).toBe(true)
  expect(matches('https://app.tes')).toBe(false)
  expect(matches('https://appxtest')).toBe(false)
})

test('a lone * allows everything', () => {
  expect(createOriginMatcher(['*'])('https://anything.test')).toBe(true)
})

test('origin patterns', () => {
  const valid = [
    '*',
    'https://app.example.com',
    'https://*.example.com',
    'http://localhost:*',
    'http://127.0.0.1:4170',
    'http://[::1]:*',
    'https://app.test/',
  ]
  const invalid = [
    'example.com',
    'ftp://example.com',
    'https://',
    'https://app.example.com/path',
    'https://user@app.example.com',
    'https://app.example.com:port',
    'https://app .example.com',
    'https://app.example.com?x',
  ]
  expect(valid.filter((pattern) => !isOriginPattern(pattern))).toEqual([])
  expect(invalid.filter((pattern) => isOriginPattern(pattern))).toEqual([])
})
