import { expect, test } from 'vitest'
import { startTestRelay } from './startTestRelay.ts'

test('the devnet relay on a free port: healthy, then gone once stopped', async () => {
  const relay = await startTestRelay()
  const port = Number(new URL(relay.url).port)
  expect(relay.url).toBe(`ws://127.0.0.1:${port}`)
  expect(port).toBeGreaterThan(0)
  const health = await fetch(`http://127.0.0.1:${port}/health`)
  expect(await health.json()).toEqual({ status: 'ok' })
  await relay.stop()
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow()
})
