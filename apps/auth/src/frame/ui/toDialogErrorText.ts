const fallback = 'Something went wrong.'

/**
 * The one line a dialog shows for a failed step: the error's short message (our errors and
 * the frame's API errors carry a sentence meant for people), else a generic sentence.
 */
export function toDialogErrorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return fallback
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
  const text = typeof shortMessage === 'string' ? shortMessage : message
  if (typeof text !== 'string') return fallback
  const line = text.split('\n')[0]?.trim() ?? ''
  if (line === '') return fallback
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
