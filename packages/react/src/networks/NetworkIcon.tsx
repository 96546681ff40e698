import { getNetworkHue } from './getNetworkTag.ts'

export type NetworkIconProps = {
  chainId: number
  /** Default 28 px. */
  size?: number | undefined
}

/** A generated, decorative coloured disc per chain (no network logos are bundled). */
export function NetworkIcon(props: NetworkIconProps) {
  const hue = getNetworkHue(props.chainId)
  const size = props.size ?? 28
  return (
    <span
      className="latch-network-icon"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        background: `radial-gradient(circle at 30% 30%, hsl(${hue} 85% 68%), hsl(${(hue + 30) % 360} 75% 42%))`,
      }}
    />
  )
}
