/** `LATCH_NETWORKS`, `[0]`, `rpcUrl` -> `LATCH_NETWORKS[0].rpcUrl`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('')
}
