import type { SocialProvider } from '@latch/core'
import { useId, useState } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { SocialIcon } from './SocialIcon.tsx'
import { socialProviderNames } from './socialProviderNames.ts'

export type SocialButtonsProps = {
  /** The providers to offer, in order (at least one). */
  providers: readonly SocialProvider[]
  onSelect(provider: SocialProvider): void
  /** The pointer or the focus is on a button: load what a click needs. */
  onIntent?: (() => void) | undefined
  /** The last attempt's failure, shown above the buttons. */
  error?: string | undefined
  disabled?: { describedBy: string } | undefined
}

/** Icon buttons in the row under the first provider (then "more" for the rest). */
const rowSize = 4

/**
 * The Connect view's social method (AppKit's layout): the first provider as a full-width
 * "Continue with Google", then a row of icon buttons (up to 4, or 3 and "more" when there
 * are more), "more" showing the rest. Every button is named for screen readers.
 */
export function SocialButtons(props: SocialButtonsProps) {
  const { t } = useMessages()
  const moreId = useId()
  const [expanded, setExpanded] = useState(false)
  const [first, ...rest] = props.providers
  if (!first) return null
  const row = rest.length > rowSize ? rest.slice(0, rowSize - 1) : rest
  const more = rest.slice(row.length)
  const describedBy = props.disabled?.describedBy
  const intent = { onPointerEnter: props.onIntent, onFocus: props.onIntent }
  const iconButton = (provider: SocialProvider) => (
    <button
      key={provider}
      type="button"
      className="latch-social__icon-button"
      aria-label={t('social.signInWith', { provider: socialProviderNames[provider] })}
      title={socialProviderNames[provider]}
      onClick={() => props.onSelect(provider)}
      {...intent}
      disabled={props.disabled !== undefined}
      aria-describedby={describedBy}
      data-testid={`social-${provider}`}
    >
      <SocialIcon provider={provider} />
    </button>
  )
  return (
    <section className="latch-social" aria-label={t('social.label')} data-testid="connect-social">
      {props.error ? (
        <p className="latch-social__error" role="alert" data-testid="social-error">
          {props.error}
        </p>
      ) : null}
      <button
        type="button"
        className="latch-social__primary"
        onClick={() => props.onSelect(first)}
        {...intent}
        disabled={props.disabled !== undefined}
        aria-describedby={describedBy}
        data-testid={`social-${first}`}
      >
        <SocialIcon provider={first} />
        <span>{t('social.continueWith', { provider: socialProviderNames[first] })}</span>
      </button>
      {rest.length > 0 ? (
        <div className="latch-social__row">
          {row.map(iconButton)}
          {more.length > 0 ? (
            <button
              type="button"
              className="latch-social__icon-button"
              aria-label={t('social.more')}
              title={t('social.more')}
              aria-expanded={expanded}
              aria-controls={moreId}
              onClick={() => setExpanded((open) => !open)}
              disabled={props.disabled !== undefined}
              data-testid="social-more"
            >
              <SocialIcon provider="more" />
            </button>
          ) : null}
        </div>
      ) : null}
      {more.length > 0 ? (
        <div className="latch-social__more" id={moreId} hidden={!expanded}>
          {more.map((provider) => (
            <button
              key={provider}
              type="button"
              className="latch-social__more-button"
              onClick={() => props.onSelect(provider)}
              {...intent}
              disabled={props.disabled !== undefined}
              aria-describedby={describedBy}
              data-testid={`social-${provider}`}
            >
              <SocialIcon provider={provider} />
              <span>{socialProviderNames[provider]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </section>
  )
}
