import { PortInUseError } from './errors.ts'
import { isPortFree } from './isPortFree.ts'

export type AssertPortsFreeParameters = readonly { port: number; label: string }[]

/**
 * Throws `PortInUseError` for the first port that something already listens on (tried by binding
 * 127.0.0.1, where every Latch service listens), so `npm start` fails with a fix, not a stack.
 */
export async function assertPortsFree(ports: AssertPortsFreeParameters): Promise<void> {
  const free = await Promise.all(ports.map(({ port }) => isPortFree(port)))
  const busy = ports.find((_, index) => !free[index])
  if (busy) throw new PortInUseError(busy)
}
