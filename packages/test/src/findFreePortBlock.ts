import { isPortFree, stackPortCount } from '@latch/devnet'

/**
 * The first base from `start` (in steps of `length`) whose `length` consecutive ports nothing
 * listens on: for a whole stack, which lays its ports out from one base (`getStackPorts`).
 * Two test processes asking at once may get the same block; the stack's own port check then
 * fails with `PortInUseError`, so callers that can race pass different `start`s.
 */
export async function findFreePortBlock({
  start,
  length = stackPortCount,
  tries = 30,
}: {
  start: number
  length?: number
  tries?: number
}): Promise<number> {
  for (let base = start; base < start + tries * length; base += length) {
    const ports = Array.from({ length }, (_, offset) => base + offset)
    if ((await Promise.all(ports.map(isPortFree))).every(Boolean)) return base
  }
  throw new Error(
    `No ${length} free consecutive ports between ${start} and ${start + tries * length - 1}.`,
  )
}
