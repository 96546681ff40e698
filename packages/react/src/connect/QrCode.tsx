import { useMemo } from 'react'
import { encode } from 'uqr'
import { WalletIcon } from './WalletIcon.tsx'

export type QrCodeProps = {
  value: string
  /** Accessible name of the image. */
  label: string
  /** The chosen wallet, its icon drawn in the centre; the code is made sturdier for it. */
  logo?: { name: string; src: string | undefined } | undefined
}

/** Share of the code's width the centre logo may cover; high error correction absorbs it. */
const logoShare = 0.24

/**
 * Builds one SVG path from the QR matrix, merging horizontal runs of dark modules and leaving
 * out those inside `hole` (the logo's square).
 */
function toPath(
  data: readonly (readonly boolean[])[],
  hole: { from: number; to: number } | undefined,
): string {
  const inHole = (x: number, y: number) =>
    hole !== undefined && x >= hole.from && x < hole.to && y >= hole.from && y < hole.to
  let path = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x] || inHole(x, y)) {
        x += 1
        continue
      }
      const start = x
      while (row[x] && !inHole(x, y)) x += 1
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`
    }
  })
  return path
}

/** A QR code as an inline SVG: always dark on white, the contrast phone cameras need. */
export function QrCode(props: QrCodeProps) {
  const hasLogo = Boolean(props.logo)
  const { size, path } = useMemo(() => {
    const qr = encode(props.value, { ecc: hasLogo ? 'H' : 'M', border: 2 })
    const holeSize = Math.ceil(qr.size * logoShare)
    const from = Math.floor((qr.size - holeSize) / 2)
    return {
      size: qr.size,
      path: toPath(qr.data, hasLogo ? { from, to: from + holeSize } : undefined),
    }
  }, [props.value, hasLogo])
  return (
    <div className="latch-qr__code">
      <svg
        className="latch-qr__image"
        role="img"
        aria-label={props.label}
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#0b0d12" />
      </svg>
      {props.logo ? (
        <span className="latch-qr__logo" style={{ width: `${logoShare * 80}%` }}>
          <WalletIcon name={props.logo.name} src={props.logo.src} size={48} />
        </span>
      ) : null}
    </div>
  )
}
