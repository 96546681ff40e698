import type { AnalyticsEvent } from '@latch/api-contract'
import type { AnalyticsRecord } from '../../stores/analyticsStore.ts'
import type { AnalyticsSettings } from './analyticsSettings.ts'

/** How far back a client's own timestamp is believed; older (or future) ones become "now". */
const maxClockSkewMs = 7 * 24 * 60 * 60 * 1000

/** Longer hex than an address: a key, a signature, a hash. Never stored. */
const longHex = /0x[0-9a-fA-F]{41,}/
const addressHex = /0x[0-9a-fA-F]{40}/g
const secretName = /private|secret|signature|mnemonic|seed|password/i
const accountPattern = /^(eip155:\d{1,16}:)?0x[0-9a-fA-F]{40}$/
const sdkPattern = /^[A-Za-z0-9._@/-]{1,40}$/

export type ToAnalyticsRecordsParameters = {
  projectId: string
  events: readonly AnalyticsEvent[]
  settings: Pick<AnalyticsSettings, 'keepAddress'>
  /** The `X-Sdk-Type` and `X-Sdk-Version` headers, when sent. */
  sdkType?: string | undefined
  sdkVersion?: string | undefined
  now?: Date | undefined
}

/**
 * Turns checked events into what is stored: no IP (never given), the address only when the
 * operator keeps addresses, addresses inside property values masked likewise, and any long
 * hex (a key or a signature) or secret-named property replaced by "[redacted]".
 */
export function toAnalyticsRecords({
  projectId,
  events,
  settings,
  sdkType,
  sdkVersion,
  now = new Date(),
}: ToAnalyticsRecordsParameters): AnalyticsRecord[] {
  const cleanSdk = (value: string | undefined) =>
    value !== undefined && sdkPattern.test(value) ? value : null
  return events.map((event) => {
    const properties: Record<string, string | number | boolean | null> = {}
    for (const [name, value] of Object.entries(event.props.properties ?? {})) {
      if (secretName.test(name)) properties[name] = '[redacted]'
      else if (typeof value !== 'string') properties[name] = value
      else if (longHex.test(value)) properties[name] = '[redacted]'
      else properties[name] = settings.keepAddress ? value : value.replace(addressHex, '[address]')
    }
    const address = event.props.address
    const time = event.timestamp
    return {
      projectId,
      event: event.props.event,
      properties,
      address:
        settings.keepAddress && address !== undefined && accountPattern.test(address)
          ? address
          : null,
      sdkType: cleanSdk(sdkType),
      sdkVersion: cleanSdk(sdkVersion),
      occurredAt:
        time !== undefined && time <= now.getTime() && time >= now.getTime() - maxClockSkewMs
          ? new Date(time)
          : now,
    }
  })
}
