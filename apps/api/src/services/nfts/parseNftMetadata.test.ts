import { expect, test } from 'vitest'
import { parseNftMetadata } from './parseNftMetadata.ts'

test('keeps name, description and image, of the right types only', () => {
  expect(
    parseNftMetadata(
      JSON.stringify({
        name: ' Lantern #1 ',
        description: 7,
        image: 'ipfs://cid/1.png',
        extra: {},
      }),
    ),
  ).toEqual({ name: 'Lantern #1', description: null, imageUrl: 'ipfs://cid/1.png' })
  expect(parseNftMetadata(JSON.stringify({ image_data: '<svg/>' }))?.imageUrl).toBe(
    `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`,
  )
  expect(parseNftMetadata(JSON.stringify({ name: 'x'.repeat(500) }))?.name).toHaveLength(200)
})

test('anything but a JSON object is refused', () => {
  for (const text of ['nope', '[]', 'null', '"name"'])
    expect(parseNftMetadata(text)).toBe(undefined)
})

test('names and descriptions are cleaned of control and bidi characters', () => {
  expect(
    parseNftMetadata(
      JSON.stringify({ name: 'Lantern\u202E #1\u0000', description: 'Line one\r\nLine\u2066 two' }),
    ),
  ).toMatchObject({ name: 'Lantern #1', description: 'Line one\nLine two' })
})
