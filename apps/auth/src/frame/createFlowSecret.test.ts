import { createHash } from 'node:crypto'
import { flowSecretHashSchema, flowSecretSchema } from '@latch/api-contract'
import { describe, expect, it } from 'vitest'
import { createFlowSecret } from './createFlowSecret.ts'

describe('createFlowSecret', () => {
  it('makes 32 random bytes as base64url, and the SHA-256 hex of that text', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const { secret, hash } = await createFlowSecret()
      expect(flowSecretSchema.safeParse(secret).success).toBe(true)
      expect(flowSecretHashSchema.safeParse(hash).success).toBe(true)
      expect(Buffer.from(secret, 'base64url')).toHaveLength(32)
      expect(hash).toBe(createHash('sha256').update(secret, 'utf8').digest('hex'))
      seen.add(secret)
    }
    expect(seen.size).toBe(50)
  })
})
