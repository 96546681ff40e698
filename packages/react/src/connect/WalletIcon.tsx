import { useState } from 'react'

export type WalletIconProps = {
  name: string
  src: string | undefined
  /** Rendered size in CSS pixels. */
  size: number
  /** Load only when scrolled near (long lists). */
  lazy?: boolean | undefined
  className?: string | undefined
}

/** A wallet's image, or its initial when it has none or the image fails to load. Decorative. */
export function WalletIcon(props: WalletIconProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>()
  const className = `latch-wallet-icon${props.className ? ` ${props.className}` : ''}`
  if (!props.src || failedSrc === props.src)
    return (
      <span className={`${className} latch-wallet-icon--blank`} aria-hidden="true">
        {props.name.slice(0, 1).toUpperCase()}
      </span>
    )
  return (
    <img
      className={className}
      src={props.src}
      alt=""
      width={props.size}
      height={props.size}
      loading={props.lazy ? 'lazy' : undefined}
      decoding="async"
      onError={() => setFailedSrc(props.src)}
    />
  )
}
