import { useState } from 'react'

/** A deterministic hue from a string, so each token's fallback disc keeps its colour. */
function hueOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return hash
}

/**
 * A token's icon from the API, or (none, or it fails to load) a coloured disc with the
 * symbol's first letter. Decorative: the row names the token.
 */
export function TokenIcon(props: { symbol: string; url?: string | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | undefined>()
  const size = props.size ?? 36
  if (props.url && failed !== props.url)
    return (
      <img
        className="latch-token-icon"
        src={props.url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(props.url)}
      />
    )
  const hue = hueOf(props.symbol)
  return (
    <span
      className="latch-token-icon latch-token-icon--fallback"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${(hue + 40) % 360} 65% 38%))`,
      }}
    >
      {props.symbol.slice(0, 1)}
    </span>
  )
}
