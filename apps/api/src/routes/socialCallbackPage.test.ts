import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import { renderSocialCallbackPage, socialCallbackScript } from './socialCallbackPage.ts'

const target = {
  mode: 'popup' as const,
  appOrigin: 'https://dapp.example',
  message: {
    type: 'latch:social:callback' as const,
    state: 's</script><script>alert(1)</script>',
    search: '?code=c&state=s',
  },
  fallbackUrl: 'https://dapp.example/#latch-social=%3Fcode%3Dc%26state%3Ds',
}

/** Runs callback.js over the rendered page's data block, in a window with or without opener. */
function run({ opener, mode = 'popup' }: { opener: boolean; mode?: 'popup' | 'redirect' }) {
  const html = renderSocialCallbackPage({ ...target, mode })
  const json = /<script type="application\/json" id="latch-social-callback">([^<]*)<\/script>/.exec(
    html,
  )?.[1]
  const events: unknown[] = []
  const window = {
    opener: opener
      ? { closed: false, postMessage: (...args: unknown[]) => events.push(['post', ...args]) }
      : null,
    close: () => events.push(['close']),
    location: { replace: (url: string) => events.push(['replace', url]) },
  }
  runInNewContext(socialCallbackScript, {
    window,
    document: {
      getElementById: (id: string) =>
        id === 'latch-social-callback' ? { textContent: json } : null,
    },
  })
  return { html, events }
}

test('the page posts the message to its opener at the app origin only, then closes', () => {
  const { html, events } = run({ opener: true })
  // The state cannot end the data block: `<` is escaped in it.
  expect(html).not.toContain('<script>alert(1)')
  expect(events).toEqual([['post', target.message, 'https://dapp.example'], ['close']])
})

test('without an opener it goes back to the app with the answer in the fragment', () => {
  expect(run({ opener: false }).events).toEqual([['replace', target.fallbackUrl]])
})

test('in redirect mode it goes back to the app even when the tab has an opener', () => {
  // The app's tab may have been opened by another page: that one must not get the answer.
  expect(run({ opener: true, mode: 'redirect' }).events).toEqual([['replace', target.fallbackUrl]])
})
