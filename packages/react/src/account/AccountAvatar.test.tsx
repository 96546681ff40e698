import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { AccountAvatar, getAvatarGradient } from './AccountAvatar.tsx'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test("the header shows the identity's avatar (from the API's origin) when it has one", () => {
  const url = 'http://api.test/public/getNameAvatar/alice.latch.id?v=1732190000000'
  const html = renderToStaticMarkup(<AccountAvatar address={address} url={url} />)
  expect(html).toContain(`src="${url.replace('&', '&amp;')}"`)
  expect(html).not.toContain('data-generated')
})

test('without one, the generated avatar from the address is the fallback', () => {
  const html = renderToStaticMarkup(<AccountAvatar address={address} url={undefined} />)
  expect(html).toContain('data-generated="true"')
  expect(html).not.toContain('<img class="latch-account__avatar-image"')
  expect(getAvatarGradient(address)).not.toBe(getAvatarGradient(`0x${'1'.repeat(40)}`))
})
