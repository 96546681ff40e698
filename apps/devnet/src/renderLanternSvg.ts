/** The lantern's hue for a token id: golden-angle steps, so neighbouring ids look different. */
export function getLanternHue(tokenId: bigint): number {
  return Number((tokenId * 137n) % 360n)
}

/** Draws lantern #`tokenId` as a 512 x 512 SVG, glowing in a colour derived from the id. */
export function renderLanternSvg(tokenId: bigint): string {
  const hue = getLanternHue(tokenId)
  const glow = `hsl(${hue}, 90%, 60%)`
  const light = `hsl(${hue}, 100%, 85%)`
  const frame = `hsl(${(hue + 200) % 360}, 25%, 22%)`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <radialGradient id="halo-${tokenId}" cx="50%" cy="55%" r="50%">
      <stop offset="0%" stop-color="${glow}" stop-opacity="0.55"/>
      <stop offset="100%" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="flame-${tokenId}" x1="0" y1="1" x2="0" y2="0">
      <stop offset="0%" stop-color="${glow}"/>
      <stop offset="100%" stop-color="${light}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" fill="hsl(${(hue + 210) % 360}, 40%, 10%)"/>
  <circle cx="256" cy="280" r="230" fill="url(#halo-${tokenId})"/>
  <path d="M256 44 v40" stroke="${frame}" stroke-width="10" stroke-linecap="round"/>
  <circle cx="256" cy="40" r="18" fill="none" stroke="${frame}" stroke-width="10"/>
  <path d="M196 84 h120 l40 60 h-200 z" fill="${frame}"/>
  <rect x="166" y="144" width="180" height="230" rx="24" fill="${glow}" fill-opacity="0.35" stroke="${frame}" stroke-width="12"/>
  <path d="M226 144 v230 M286 144 v230" stroke="${frame}" stroke-width="8"/>
  <path d="M256 330 c-36 -30 -24 -80 0 -116 c24 36 36 86 0 116 z" fill="url(#flame-${tokenId})"/>
  <path d="M176 374 h160 l-20 44 h-120 z" fill="${frame}"/>
  <text x="256" y="478" font-family="ui-monospace, monospace" font-size="32" fill="${light}" text-anchor="middle">#${tokenId}</text>
</svg>
`
}
