import { isRestrictedTimeZone } from '@latch/core'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { BuyView } from './BuyView.tsx'
import { translateBuy } from './buyMessages.ts'
import { useBuyForm } from './useBuyForm.ts'

/**
 * The Buy view wired to the account and the modal (the lazily loaded part of `buyRoute`).
 * Like every lazily loaded view that queries, it brings its own `LatchQueryProvider`. A
 * person in a restricted time zone (spec section 9) gets no on-ramp, even when the view is
 * opened by name.
 */
export default function BuyContainer() {
  const { options } = useConfig()
  const { locale } = useMessages()
  if (
    isRestrictedTimeZone(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      options.restrictedTimeZones,
    )
  )
    return (
      <p className="latch-buy latch-buy__state" role="alert" data-testid="buy-restricted">
        {translateBuy(locale, 'restricted')}
      </p>
    )
  return (
    <LatchQueryProvider>
      <BuyForm />
    </LatchQueryProvider>
  )
}

function BuyForm() {
  return <BuyView {...useBuyForm()} />
}
