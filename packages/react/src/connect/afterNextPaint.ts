/** Longest wait for a frame (a hidden tab draws none): the task then runs anyway. */
export const afterNextPaintTimeoutMs = 200

/**
 * Runs `task` once the browser has drawn its next frame (a task queued from that frame's
 * animation callback runs after the frame is painted), or after `afterNextPaintTimeoutMs`,
 * whichever comes first; without `requestAnimationFrame`, on the next task. Returns a cancel.
 * The connect modal opens with its view in the click's frame and starts what that frame does
 * not show (its requests, Wallet Standard discovery, the next views' code) this way, after it.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false
  let afterFrame: ReturnType<typeof setTimeout> | undefined
  let frame: number | undefined
  const run = () => {
    if (done) return
    done = true
    cancel()
    task()
  }
  const fallback = setTimeout(
    run,
    typeof requestAnimationFrame === 'function' ? afterNextPaintTimeoutMs : 0,
  )
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(run, 0)
    })
  function cancel() {
    done = true
    clearTimeout(fallback)
    if (afterFrame !== undefined) clearTimeout(afterFrame)
    if (frame !== undefined) cancelAnimationFrame(frame)
  }
  return cancel
}
