import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, afterNextPaintTimeoutMs } from './afterNextPaint.ts'

describe('afterNextPaint', () => {
  let frames: Map<number, () => void>
  beforeEach(() => {
    vi.useFakeTimers()
    frames = new Map()
    let next = 1
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(next, callback)
      return next++
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
  const drawFrame = () => {
    const callbacks = [...frames.values()]
    frames.clear()
    for (const callback of callbacks) callback()
  }

  it('runs the task in a task after the next frame, not before it', () => {
    const task = vi.fn()
    afterNextPaint(task)
    vi.advanceTimersByTime(50)
    expect(task).not.toHaveBeenCalled()
    drawFrame()
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(afterNextPaintTimeoutMs)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs the task after its timeout when no frame is drawn (a hidden tab)', () => {
    const task = vi.fn()
    afterNextPaint(task)
    vi.advanceTimersByTime(afterNextPaintTimeoutMs - 1)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    drawFrame()
    vi.advanceTimersByTime(0)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('never runs a cancelled task', () => {
    const task = vi.fn()
    const cancel = afterNextPaint(task)
    drawFrame()
    cancel()
    vi.advanceTimersByTime(afterNextPaintTimeoutMs)
    expect(task).not.toHaveBeenCalled()
  })

  it('runs on the next task without requestAnimationFrame', () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    const task = vi.fn()
    afterNextPaint(task)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(task).toHaveBeenCalledTimes(1)
  })
})
