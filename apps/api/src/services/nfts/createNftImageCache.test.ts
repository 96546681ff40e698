import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createSemaphore } from '../fetch/createSemaphore.ts'
import { createNftImageCache } from './createNftImageCache.ts'
import {
  type MetadataServer,
  metadataServerSvg,
  startMetadataServer,
} from './testing/startMetadataServer.ts'

let server: MetadataServer
beforeAll(async () => {
  server = await startMetadataServer()
})
afterAll(() => server?.stop())

const fetch = createGuardedFetch({ allowPrivateHosts: true })
const count = (path: string) => server.requests.filter((request) => request === path).length
const reason = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: Error & { shortMessage?: string }) => error.shortMessage ?? error.message,
  )

test('a hit is served from the cache; concurrent misses share one fetch; the TTL ends it', async () => {
  let clock = 0
  const images = createNftImageCache({ fetch, now: () => clock, ttlMs: 1_000 })
  const url = `${server.url}/img/1.svg`
  const answers = await Promise.all(Array.from({ length: 20 }, () => images.get(url)))
  expect(new Set(answers.map((image) => new TextDecoder().decode(image.body)))).toEqual(
    new Set([metadataServerSvg('1')]),
  )
  expect(answers[0]?.contentType).toBe('image/svg+xml')
  expect(count('/img/1.svg')).toBe(1)
  for (let i = 0; i < 5; i++) await images.get(url)
  expect(count('/img/1.svg')).toBe(1)
  clock += 1_001
  await Promise.all([images.get(url), images.get(url)])
  expect(count('/img/1.svg')).toBe(2)
})

test('a failure is remembered for its shorter TTL', async () => {
  let clock = 0
  const images = createNftImageCache({ fetch, now: () => clock, failedTtlMs: 100 })
  const url = `${server.url}/img/page.html`
  const before = count('/img/page.html')
  expect(await reason(images.get(url))).toBe(
    'The NFT content could not be fetched: the content type "text/html" is not allowed.',
  )
  expect(await reason(images.get(url))).toMatch(/text\/html/)
  expect(count('/img/page.html')).toBe(before + 1)
  clock += 101
  await images.get(url).catch(() => {})
  expect(count('/img/page.html')).toBe(before + 2)
})

test('the cache holds at most its byte cap, dropping the least recently used', async () => {
  const images = createNftImageCache({ fetch, maxCacheBytes: 300 })
  const url = (id: number) => `${server.url}/img/${id}.svg`
  const before = [11, 12, 13].map((id) => count(`/img/${id}.svg`))
  await images.get(url(11))
  await images.get(url(12))
  await images.get(url(11)) // 11 is now the most recently used
  await images.get(url(13)) // evicts 12
  expect(images.stats().bytes).toBeLessThanOrEqual(300)
  await images.get(url(11))
  await images.get(url(12))
  expect([11, 12, 13].map((id, index) => count(`/img/${id}.svg`) - (before[index] ?? 0))).toEqual([
    1, 2, 1,
  ])
})

test('an image larger than the cap is refused; an abandoned fetch is not remembered', async () => {
  const images = createNftImageCache({ fetch })
  expect(await reason(images.get(`${server.url}/img/big.png`))).toBe(
    'The NFT content could not be fetched: more than 5242880 bytes.',
  )
  const before = count('/img/2.svg')
  await reason(images.get(`${server.url}/img/2.svg`, { signal: AbortSignal.abort() }))
  await images.get(`${server.url}/img/2.svg`)
  expect(count('/img/2.svg')).toBe(before + 1)
})

test("a refusal by the process's own outbound cap is not remembered against the image", async () => {
  const limiter = createSemaphore({ limit: 1, maxWaiting: 0 })
  const images = createNftImageCache({
    fetch: createGuardedFetch({ allowPrivateHosts: true, limiter }),
  })
  const url = `${server.url}/img/21.svg`
  const release = await limiter.acquire()
  expect(await reason(images.get(url))).toBe(
    'The NFT content could not be fetched: too many outbound requests at once.',
  )
  release()
  expect(new TextDecoder().decode((await images.get(url)).body)).toBe(metadataServerSvg('21'))
  expect(count('/img/21.svg')).toBe(1)
})
