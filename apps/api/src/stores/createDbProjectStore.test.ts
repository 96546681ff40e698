import { expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { createDbProjectStore } from './createDbProjectStore.ts'

forEachDatabase('createDbProjectStore', (context) => {
  test('upserts, reads and lists projects', async () => {
    const projects = createDbProjectStore({ db: context.db })
    expect(await projects.get('nope')).toBeUndefined()
    const created = await projects.upsert({
      id: 'one',
      name: 'One',
      allowedOrigins: ['https://one.example.com'],
      features: { swaps: false },
    })
    expect(created).toMatchObject({
      id: 'one',
      name: 'One',
      allowedOrigins: ['https://one.example.com'],
      features: { swaps: false },
    })
    expect(created.createdAt).toBeInstanceOf(Date)
    expect(await projects.get('one')).toEqual(created)

    const renamed = await projects.upsert({ id: 'one', name: 'One again' })
    expect(renamed).toMatchObject({ name: 'One again', allowedOrigins: [], features: {} })
    expect(renamed.createdAt).toEqual(created.createdAt)

    await projects.upsert({ id: 'two', name: 'Two' })
    expect((await projects.list()).map((project) => project.id)).toEqual(['one', 'two'])
  })

  test('ensure keeps an existing project as it is', async () => {
    const projects = createDbProjectStore({ db: context.db })
    await projects.upsert({
      id: 'kept',
      name: 'Named by the CLI',
      allowedOrigins: ['https://a.test'],
    })
    const ensured = await projects.ensure({ id: 'kept', name: 'Configured' })
    expect(ensured).toMatchObject({ name: 'Named by the CLI', allowedOrigins: ['https://a.test'] })
    expect(await projects.ensure({ id: 'fresh', name: 'Configured' })).toMatchObject({
      id: 'fresh',
      name: 'Configured',
      allowedOrigins: [],
    })
  })

  test('two stores over one database see each other (two API processes)', async () => {
    const first = createDbProjectStore({ db: context.db })
    const second = createDbProjectStore({ db: context.db })
    await Promise.all([
      first.ensure({ id: 'seeded', name: 'Configured' }),
      second.ensure({ id: 'seeded', name: 'Configured' }),
    ])
    await first.upsert({ id: 'shared', name: 'Shared' })
    expect(await second.get('shared')).toMatchObject({ name: 'Shared' })
  })
})
