import { getNameSkeleton } from './getNameSkeleton.ts'
import type { ReservedNameLabels } from './getReservedNameLabels.ts'

/**
 * Why a label can never be registered, whoever asks: `idna` for hyphens in its 3rd and 4th
 * places (`xn--`), `reserved` when its skeleton is a reserved label's or holds a brand;
 * undefined otherwise.
 */
export function isRefusedNameLabel(
  label: string,
  reserved: ReservedNameLabels,
): 'idna' | 'reserved' | undefined {
  if (label.slice(2, 4) === '--') return 'idna'
  const skeleton = getNameSkeleton(label)
  if (reserved.exact.has(skeleton) || reserved.brands.some((brand) => skeleton.includes(brand)))
    return 'reserved'
  return undefined
}
