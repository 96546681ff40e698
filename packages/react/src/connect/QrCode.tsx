import { useMemo } from 'react'
import { encode } from 'uqr'

export type QrCodeProps = {
  value: string
  /** Accessible name of the image. */
  label: string
}

/** Builds one SVG path from the QR matrix, merging horizontal runs of dark modules. */
function toPath(data: readonly (readonly boolean[])[]): string {
  let path = ''
  data.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x += 1
        continue
      }
      const start = x
      while (row[x]) x += 1
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`
    }
  })
  return path
}

/** A QR code as an inline SVG: always dark on white, the contrast phone cameras need. */
export function QrCode(props: QrCodeProps) {
  const { size, path } = useMemo(() => {
    const qr = encode(props.value, { ecc: 'M', border: 2 })
    return { size: qr.size, path: toPath(qr.data) }
  }, [props.value])
  return (
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
  )
}
