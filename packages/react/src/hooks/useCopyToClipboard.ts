import { useCallback, useEffect, useState } from 'react'

/** Copies text to the clipboard; `copied` stays true for 2 s after a successful copy. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = useCallback((text: string) => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }, [])
  return { copy, copied }
}
