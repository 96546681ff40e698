/** `Map.groupBy` (ES2024, above this project's TypeScript lib). */
export function groupBy<item, key>(
  items: readonly item[],
  keyOf: (item: item) => key,
): Map<key, item[]> {
  const groups = new Map<key, item[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}
