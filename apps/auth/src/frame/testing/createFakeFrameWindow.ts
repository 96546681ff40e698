import type { FrameEvent, FrameResponse } from '@latch/api-contract'
import type { FrameWindow } from '../createFrame.ts'

type Posted = { message: unknown; targetOrigin: string }

/**
 * A frame window and its parent without a browser: `send` delivers a message event to the
 * frame as `window.postMessage` would (with the origin and source window the test chooses),
 * and everything the frame posts to its parent is kept in `posted`.
 */
export function createFakeFrameWindow({ pageOrigin }: { pageOrigin: string }) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: Posted[] = []
  const waiters = new Set<() => void>()
  const parent = {
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message, targetOrigin })
      for (const wake of waiters) wake()
    },
  }
  const frameWindow: FrameWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  let nextId = 0

  function send(data: unknown, options: { origin?: string; source?: unknown } = {}) {
    const event = {
      data,
      origin: options.origin ?? pageOrigin,
      source: 'source' in options ? options.source : parent,
    } as MessageEvent
    for (const listener of listeners) listener(event)
  }

  function waitFor<value>(find: () => value | undefined, timeoutMs = 20_000): Promise<value> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find()
        if (found === undefined) return
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error('No answer from the frame in time.'))
      }, timeoutMs)
      waiters.add(check)
      check()
    })
  }

  /** Sends a request from the page and waits for the frame's answer to it. */
  async function request(method: string, params: unknown = {}) {
    const id = `r${++nextId}`
    send({ type: 'latch:frame:request', id, method, params })
    const answer = await waitFor(() =>
      posted.find(
        (item) =>
          (item.message as { type?: string; id?: string }).type === 'latch:frame:response' &&
          (item.message as { id?: string }).id === id,
      ),
    )
    expectOrigin(answer.targetOrigin)
    return answer.message as FrameResponse
  }

  function expectOrigin(targetOrigin: string) {
    if (targetOrigin !== pageOrigin)
      throw new Error(`Answered to ${targetOrigin}, not the page ${pageOrigin}.`)
  }

  /** The events the frame posted, with where they went. */
  const events = () =>
    posted
      .filter((item) => (item.message as { type?: string }).type === 'latch:frame:event')
      .map((item) => ({
        ...(item.message as { event: FrameEvent }).event,
        targetOrigin: item.targetOrigin,
      }))

  return { window: frameWindow, parent, posted, send, request, events }
}
