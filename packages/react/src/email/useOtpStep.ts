import { useEffect, useState } from 'react'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useMessages } from '../hooks/useMessages.ts'

export type UseOtpStepParameters<T> = {
  /** Checks the code (the frame, then the API). */
  verify(otp: string): Promise<T>
  onVerified?: ((result: T) => void) | undefined
  /** Sends a new code; with `getCooldownMs`, the "Resend code" link counts down. */
  resend?: (() => Promise<unknown>) | undefined
  getCooldownMs?: (() => number) | undefined
}

export type UseOtpStepReturnType = {
  value: string
  setValue(value: string): void
  complete(otp: string): void
  busy: boolean
  error: string | undefined
  alert: { title: string; text: string } | undefined
  resend: { secondsLeft: number; sending: boolean; resent: boolean; onResend(): void } | undefined
}

/**
 * One code step (sign-in, or either step of the email change): the 6 digits, checked at the
 * sixth; a wrong code empties the field with the frame's sentence; "Resend code" waits out
 * the 30 s cooldown, counting down each second.
 */
export function useOtpStep<T>(parameters: UseOtpStepParameters<T>): UseOtpStepReturnType {
  const { t } = useMessages()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [sending, setSending] = useState(false)
  const [resent, setResent] = useState(false)
  const { getCooldownMs } = parameters
  const [cooldownMs, setCooldownMs] = useState(() => getCooldownMs?.() ?? 0)

  useEffect(() => {
    if (!getCooldownMs || cooldownMs <= 0) return
    const timer = setTimeout(() => setCooldownMs(getCooldownMs()), Math.min(1000, cooldownMs))
    return () => clearTimeout(timer)
  }, [cooldownMs, getCooldownMs])

  const complete = (otp: string) => {
    if (busy) return
    setBusy(true)
    setFailure(undefined)
    parameters.verify(otp).then(
      (result) => {
        setBusy(false)
        parameters.onVerified?.(result)
      },
      (error: unknown) => {
        setBusy(false)
        setValue('')
        setFailure(error)
      },
    )
  }

  const alertId = failure ? getAlertId(failure) : undefined
  const { resend } = parameters
  return {
    value,
    setValue: (next) => {
      setValue(next)
      if (next) setFailure(undefined)
    },
    complete,
    busy,
    error:
      failure && !alertId
        ? // Closing the frame's passphrase dialog ends the sign-in: say so, not "User rejected".
          (failure as Error).name === 'UserRejectedRequestError'
          ? t('emailOtp.cancelled')
          : getErrorMessage(failure, t)
        : undefined,
    alert: alertId ? { title: t(alerts[alertId].title), text: t(alerts[alertId].text) } : undefined,
    resend: resend
      ? {
          secondsLeft: Math.ceil(cooldownMs / 1000),
          sending,
          resent,
          onResend: () => {
            setSending(true)
            setResent(false)
            setFailure(undefined)
            resend().then(
              () => {
                setSending(false)
                setResent(true)
                setCooldownMs(getCooldownMs?.() ?? 0)
              },
              (error: unknown) => {
                setSending(false)
                setFailure(error)
                setCooldownMs(getCooldownMs?.() ?? 0)
              },
            )
          },
        }
      : undefined,
  }
}
