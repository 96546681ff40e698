import { createServer, type Server } from 'node:net'
import { isPortFree, stackPortCount } from '@latch/devnet'
import { expect, test } from 'vitest'
import { findFreePortBlock } from './findFreePortBlock.ts'

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })

test('a block of free consecutive ports, skipping one where a port is taken', async () => {
  const start = await findFreePortBlock({
    start: 21_000 + stackPortCount * Math.floor(Math.random() * 500),
  })
  const taken = await listen(start + 3)
  try {
    const base = await findFreePortBlock({ start })
    expect(base).toBeGreaterThanOrEqual(start + stackPortCount)
    expect((base - start) % stackPortCount).toBe(0)
    const ports = Array.from({ length: stackPortCount }, (_, offset) => base + offset)
    expect(await Promise.all(ports.map(isPortFree))).toEqual(ports.map(() => true))
    await expect(findFreePortBlock({ start: start + 3, length: 1, tries: 1 })).rejects.toThrow(
      `No 1 free consecutive ports between ${start + 3} and ${start + 3}.`,
    )
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})
