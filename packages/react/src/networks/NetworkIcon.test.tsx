import type { LatchConfig, ModalRouter } from '@latch/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

test("the network chip shows the API's asset image, over the generated disc", () => {
  const html = renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
        queryClient: { current: undefined },
      }}
    >
      <NetworkIcon chainId={31337} size={18} />
    </LatchContext.Provider>,
  )
  expect(html).toContain('src="http://api.test/public/getAssetImage/eip155:31337"')
  expect(html).toContain('alt=""')
  expect(html).toContain('radial-gradient')
  // Outside a provider: the disc alone.
  expect(renderToStaticMarkup(<NetworkIcon chainId={1} />)).not.toContain('<img')
})
