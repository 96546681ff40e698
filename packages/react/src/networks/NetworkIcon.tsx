import { useContext } from 'react'
import { LatchContext } from '../context.ts'
import { getNetworkHue } from './getNetworkTag.ts'

export type NetworkIconProps = {
  chainId: number
  /** A Solana or Bitcoin network's CAIP-2 id (its image; `chainId` then only colours the disc). */
  caipNetworkId?: string | undefined
  /** Default 28 px. */
  size?: number | undefined
}

/**
 * The network's image from the API (`/public/getAssetImage/eip155:{id}`: the repo's drawn
 * list, generated for other chains; cached a week), over a generated coloured disc that shows
 * while it loads, outside a provider, or if it fails. Decorative: the name is beside it.
 */
export function NetworkIcon(props: NetworkIconProps) {
  const apiUrl = useContext(LatchContext)?.config.apiUrl
  const hue = getNetworkHue(props.chainId)
  const size = props.size ?? 28
  const style = {
    width: size,
    height: size,
    background: `radial-gradient(circle at 30% 30%, hsl(${hue} 85% 68%), hsl(${(hue + 30) % 360} 75% 42%))`,
  }
  if (!apiUrl) return <span className="latch-network-icon" aria-hidden="true" style={style} />
  return (
    <img
      className="latch-network-icon"
      src={`${apiUrl}/public/getAssetImage/${props.caipNetworkId ?? `eip155:${props.chainId}`}`}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={style}
      onError={(event) => {
        // The disc behind stays.
        event.currentTarget.style.visibility = 'hidden'
      }}
    />
  )
}
