import { describe, expect, it } from 'vitest'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { httpRetryStatuses } from '../timings.ts'
import type { FetchLike } from '../types.ts'
import { fetchWithRetry } from './fetchWithRetry.ts'
import { requestApi } from './requestApi.ts'

/** Answers `statuses` in turn (the last one repeats), recording the fake time of each call. */
function scripted(
  statuses: readonly number[],
  clock: { now: number },
  headers: Record<string, string> = {},
) {
  const calls: { at: number; method: string }[] = []
  const fetch: FetchLike = async (_url, init) => {
    const status = statuses[Math.min(calls.length, statuses.length - 1)] as number
    calls.push({ at: clock.now, method: init?.method ?? 'GET' })
    return {
      ok: status < 400,
      status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      json: async () =>
        status < 400 ? { ok: true } : { error: { code: 'X', message: `s${status}` } },
    }
  }
  return { fetch, calls }
}

/** Runs `start` under the fake clock, 10 ms a step, until it settles. */
async function underFakeClock<T>(
  start: (scheduler: ReturnType<typeof createFakeScheduler>['scheduler']) => Promise<T>,
  clock: { now: number },
) {
  const fake = createFakeScheduler()
  let outcome: { value?: T; error?: unknown } | undefined
  start(fake.scheduler).then(
    (value) => (outcome = { value }),
    (error) => (outcome = { error }),
  )
  while (!outcome && clock.now < 120_000) {
    await new Promise((resolve) => setImmediate(resolve))
    fake.advance(10)
    clock.now += 10
  }
  return outcome as { value?: T; error?: unknown }
}

const toError = ({
  status,
  details,
}: {
  status?: number | undefined
  details?: string | undefined
}) => Object.assign(new Error(details), { status })

const call =
  (fetch: FetchLike, extra: { body?: unknown; idempotent?: boolean } = {}) =>
  (scheduler: ReturnType<typeof createFakeScheduler>['scheduler']) =>
    requestApi(
      { apiUrl: 'http://api.test', projectId: 'p', fetch, scheduler },
      { path: '/v1/x', toError, ...extra },
    )

describe('requestApi HTTP retry (spec section 9)', () => {
  it.each(httpRetryStatuses)(
    'retries a GET answered %i, after 150, 300 and 600 ms',
    async (status) => {
      const clock = { now: 0 }
      const { fetch, calls } = scripted([status, status, status, 200], clock)
      const outcome = await underFakeClock(call(fetch), clock)
      expect(outcome.value).toEqual({ ok: true })
      const gaps = calls.slice(1).map((entry, index) => entry.at - (calls[index]?.at ?? 0))
      expect(gaps.map((gap) => Math.round(gap / 10) * 10)).toEqual([150, 300, 600])
    },
  )

  it('gives up after 3 retries with the last answer as the error', async () => {
    const clock = { now: 0 }
    const { fetch, calls } = scripted([503], clock)
    const outcome = await underFakeClock(call(fetch), clock)
    expect(calls).toHaveLength(4)
    expect(outcome.error).toMatchObject({ status: 503, message: 's503' })
  })

  it('does not retry other statuses (400, 404) nor a POST that creates something', async () => {
    for (const [statuses, extra] of [
      [[400, 200], {}],
      [[404, 200], {}],
      [[503, 200], { body: { name: 'x' } }],
    ] as const) {
      const clock = { now: 0 }
      const { fetch, calls } = scripted(statuses, clock)
      const outcome = await underFakeClock(call(fetch, extra), clock)
      expect(calls).toHaveLength(1)
      expect(outcome.error).toBeInstanceOf(Error)
    }
  })

  it('retries a POST marked idempotent', async () => {
    const clock = { now: 0 }
    const { fetch, calls } = scripted([502, 200], clock)
    const outcome = await underFakeClock(call(fetch, { body: {}, idempotent: true }), clock)
    expect(outcome.value).toEqual({ ok: true })
    expect(calls.map((entry) => entry.method)).toEqual(['POST', 'POST'])
  })

  it('waits as long as Retry-After says (seconds) instead of the backoff', async () => {
    const clock = { now: 0 }
    const { fetch, calls } = scripted([429, 200], clock, { 'retry-after': '2' })
    const outcome = await underFakeClock(call(fetch), clock)
    expect(outcome.value).toEqual({ ok: true })
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(2000)
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeLessThan(2100)
  })

  it('does not wait for a Retry-After beyond 30 s: the answer is the error at once', async () => {
    const clock = { now: 0 }
    const { fetch, calls } = scripted([503, 200], clock, { 'retry-after': '3600' })
    const outcome = await underFakeClock(call(fetch), clock)
    expect(calls).toHaveLength(1)
    expect(outcome.error).toMatchObject({ status: 503 })
  })

  it('stops waiting when the request is aborted', async () => {
    const clock = { now: 0 }
    const { fetch: answer503, calls } = scripted([503, 200], clock)
    const controller = new AbortController()
    const fetch: FetchLike = async (url, init) => {
      const response = await answer503(url, init)
      setImmediate(() => controller.abort())
      return response
    }
    const outcome = await underFakeClock(
      (scheduler) =>
        requestApi(
          { apiUrl: 'http://api.test', projectId: 'p', fetch, scheduler },
          { path: '/v1/x', toError, signal: controller.signal },
        ),
      clock,
    )
    expect(calls).toHaveLength(1)
    expect(outcome.error).toMatchObject({ status: 503 })
    expect(clock.now).toBeLessThan(150)
  })
})

describe('fetchWithRetry', () => {
  it('calls fetch unbound, as a browser fetch must be (no "Illegal invocation")', async () => {
    let self: unknown = 'unset'
    const fetch: FetchLike = async function (this: unknown) {
      self = this
      return { ok: true, status: 200, json: async () => ({}) }
    }
    await fetchWithRetry({ fetch, url: 'http://api.test/x', init: {}, retry: true })
    expect(self).toBeUndefined()
  })
})
