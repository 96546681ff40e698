/**
 * Whether a time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`) is one of
 * `restrictedTimeZones` (`options.restrictedTimeZones`), compared case-insensitively.
 * Undefined (a browser that does not tell) is not restricted.
 */
export function isRestrictedTimeZone(
  timeZone: string | undefined,
  restrictedTimeZones: readonly string[],
): boolean {
  if (!timeZone) return false
  const zone = timeZone.toUpperCase()
  return restrictedTimeZones.some((entry) => entry.toUpperCase() === zone)
}
