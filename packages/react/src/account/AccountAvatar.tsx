import { useState } from 'react'

/** A deterministic two-colour gradient from the address, so each account is recognisable. */
export function getAvatarGradient(address: string): string {
  const hue = (offset: number) =>
    (Number.parseInt(address.slice(2 + offset, 6 + offset), 16) || 0) % 360
  return `linear-gradient(135deg, hsl(${hue(0)} 80% 60%), hsl(${hue(8)} 75% 45%))`
}

/**
 * The account's avatar (its identity image, else a gradient generated from the address) with
 * the wallet's icon as a badge. Decorative: the name and address are beside it.
 */
export function AccountAvatar(props: {
  address: string
  url?: string | undefined
  walletIcon?: string | undefined
}) {
  const [failed, setFailed] = useState<string | undefined>()
  const image = props.url && failed !== props.url ? props.url : undefined
  return (
    <span
      className="latch-account__avatar"
      style={image ? undefined : { background: getAvatarGradient(props.address) }}
      aria-hidden="true"
      data-testid="account-avatar"
      data-generated={image ? undefined : 'true'}
    >
      {image ? (
        <img
          className="latch-account__avatar-image"
          src={image}
          alt=""
          width={52}
          height={52}
          onError={() => setFailed(image)}
        />
      ) : null}
      {props.walletIcon ? (
        <img
          className="latch-account__wallet-icon"
          src={props.walletIcon}
          alt=""
          width={20}
          height={20}
        />
      ) : null}
    </span>
  )
}
