/**
 * The look-alike skeleton of a name: lower case, hyphens dropped, then characters that read
 * alike in most fonts folded together (0 and o, 1 and i and l, rn and m, vv and w, cl and d).
 * Two names with one skeleton can pass for each other (`a1ice` for `alice`). The migration
 * `0006_*.sql` computes the same for names registered before it: keep the two in step.
 */
export function getNameSkeleton(name: string): string {
  const folded = [...name.toLowerCase().replaceAll('-', '')]
    .map((character) => ({ '0': 'o', '1': 'l', i: 'l' })[character] ?? character)
    .join('')
  return folded.replaceAll('rn', 'm').replaceAll('vv', 'w').replaceAll('cl', 'd')
}
