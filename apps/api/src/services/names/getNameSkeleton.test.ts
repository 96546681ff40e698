import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { expect, test } from 'vitest'
import { migrationsDir } from '../../db/migrate.ts'
import { getNameSkeleton } from './getNameSkeleton.ts'

const samples = [
  'alice.latch.id',
  'a1ice.latch.id',
  'Rn-0-VV-cl-Il1.latch.id',
  'modern-clover.latch.id',
  'vvv-rnrn-ccll.latch.id',
]

test('look-alikes share a skeleton; other names do not', () => {
  expect(getNameSkeleton('a1ice')).toBe(getNameSkeleton('alice'))
  expect(getNameSkeleton('rnolly-wood')).toBe(getNameSkeleton('molly-vvood'))
  expect(getNameSkeleton('c1ose')).toBe(getNameSkeleton('dose'))
  expect(getNameSkeleton('bob-smith')).not.toBe(getNameSkeleton('rob-smith'))
})

test("the migration's SQL computes the same skeletons for names registered before it", async () => {
  const migration = await readFile(
    path.join(migrationsDir, '0006_rate_limits_and_name_chains.sql'),
    'utf8',
  )
  const expression = /UPDATE names SET skeleton = ([\s\S]+?);/.exec(migration)?.[1]
  if (!expression) throw new Error('No skeleton backfill in the migration.')
  const db = new PGlite()
  try {
    for (const name of samples) {
      const { rows } = await db.query<{ skeleton: string }>(
        `SELECT ${expression.replaceAll('name', '$1::text')} AS skeleton`,
        [name],
      )
      expect(rows[0]?.skeleton, name).toBe(getNameSkeleton(name))
    }
  } finally {
    await db.close()
  }
})
