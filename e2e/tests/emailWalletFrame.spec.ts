import type { Page, Route } from '@playwright/test'
import { authUrl, submitEmail } from '../src/emailWallet.ts'
import { expect, test } from '../src/fixtures.ts'
import { listMailbox, uniqueEmail, waitForMail } from '../src/readMailbox.ts'
import { serveHtml } from '../src/serveHtml.ts'

/**
 * The secure frame on its own: who may talk to it, who may embed it, and what the app says
 * when it cannot load or answer. Parent pages come from throwaway local servers; a page of
 * another site beside the frame is served by Playwright's router (`http://foreign.test`).
 */

type Recorded = { origin: string; data: unknown }
type RecordingWindow = Window & { __messages: Recorded[] }

/** Records every message each page or frame (other than the auth site's) receives. */
async function recordMessages(page: Page) {
  await page.addInitScript((authOrigin) => {
    if (location.origin === authOrigin) return
    const recording = window as unknown as RecordingWindow
    recording.__messages = []
    addEventListener('message', (event) => {
      recording.__messages.push({ origin: event.origin, data: event.data })
    })
  }, new URL(authUrl()).origin)
}

const readyEvents = (page: Page) =>
  page.evaluate(
    (authOrigin) =>
      (window as unknown as RecordingWindow).__messages.filter(
        (m) =>
          m.origin === authOrigin &&
          (m.data as { type?: string; event?: { name?: string } })?.event?.name === 'ready',
      ).length,
    new URL(authUrl()).origin,
  )

/** An HTML page embedding the frame (and optionally a page of another origin beside it). */
const embeddingPage = (projectId: string, sibling?: string) =>
  `<!doctype html><html><body>
<iframe id="auth" title="wallet" src="${authUrl()}/frame?projectId=${projectId}"></iframe>
${sibling ? `<iframe id="foreign" title="foreign" src="${sibling}"></iframe>` : ''}
</body></html>`

test('a message from a page of another origin is ignored; the parent page gets its answer', async ({
  page,
  manifest,
}) => {
  await recordMessages(page)
  // The parent: a local page (an allowed origin); beside the frame, a page of another origin
  // that tries to drive it.
  const foreignUrl = 'http://foreign.test/poster.html'
  await page.route(foreignUrl, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>Another site</p>' }),
  )
  const parentPage = await serveHtml(embeddingPage(manifest.projectId, foreignUrl))
  try {
    // The emails the frame asks the API to mail (page.route and events see its requests too).
    const started: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/email/start'))
        started.push((request.postDataJSON() as { email: string }).email)
    })
    await page.goto(parentPage.url)
    await expect.poll(() => readyEvents(page), { timeout: 20_000 }).toBe(1)

    const email = uniqueEmail('mallory')
    const foreign = page.frame({ url: foreignUrl })
    if (!foreign) throw new Error('The foreign frame did not load.')
    await foreign.evaluate((target) => {
      const frame = window.parent.frames[0] as Window
      frame.postMessage(
        {
          type: 'latch:frame:request',
          id: 'foreign-1',
          method: 'connectEmail',
          params: { email: target },
        },
        '*',
      )
      frame.postMessage(
        { type: 'latch:frame:request', id: 'foreign-2', method: 'isConnected', params: {} },
        '*',
      )
    }, email)

    // The same request from the parent is answered and acted on: a code is mailed.
    const control = uniqueEmail('control')
    await page.evaluate(
      ({ authOrigin, target }) => {
        const frame = document.getElementById('auth') as HTMLIFrameElement
        frame.contentWindow?.postMessage(
          {
            type: 'latch:frame:request',
            id: 'parent-1',
            method: 'connectEmail',
            params: { email: target },
          },
          authOrigin,
        )
      },
      { authOrigin: new URL(authUrl()).origin, target: control },
    )
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as RecordingWindow).__messages.find(
              (m) => (m.data as { id?: string })?.id === 'parent-1',
            )?.data,
        ),
      )
      .toMatchObject({ ok: true, result: { action: 'VERIFY_OTP' } })
    expect((await waitForMail(control)).codes).toHaveLength(1)

    await page.waitForTimeout(1000)
    const foreignGot = await foreign.evaluate(() =>
      (window as unknown as RecordingWindow).__messages.map((m) => m.data),
    )
    expect(foreignGot).toEqual([])
    expect(started).toEqual([control])
    expect(await listMailbox(email)).toEqual([])
  } finally {
    await parentPage.stop()
  }
})

test('the frame does not load under a parent its project does not allow', async ({
  page,
  manifest,
}) => {
  await recordMessages(page)
  const html = embeddingPage(manifest.projectId)
  // 127.0.0.2 is a local address too, but not an origin the project allows (the defaults are
  // localhost and 127.0.0.1 on any port).
  const [allowed, foreign] = await Promise.all([serveHtml(html), serveHtml(html, '127.0.0.2')])
  try {
    // Control: on an allowed origin the frame loads and says it is ready.
    await page.goto(allowed.url)
    await expect.poll(() => readyEvents(page), { timeout: 20_000 }).toBe(1)
    await expect(page.frameLocator('#auth').locator('#latch-frame-root')).toHaveCount(1)

    // Another origin: the browser refuses to render it (CSP frame-ancestors); no ready.
    const refused: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refused.push(message.text())
    })
    await page.goto(foreign.url)
    await expect.poll(() => refused.length).toBeGreaterThan(0)
    await page.waitForTimeout(1000)
    expect(await readyEvents(page)).toBe(0)
    await expect(page.frameLocator('#auth').locator('#latch-frame-root')).toHaveCount(0)
  } finally {
    await Promise.all([allowed.stop(), foreign.stop()])
  }
})

test('the frame down: "Network Error - Could not load embedded wallet"', async ({ page }) => {
  await page.clock.install()
  await page.route(`${authUrl()}/**`, (route) => route.abort())
  await submitEmail(page, uniqueEmail('down'))
  // The app waits 20 s for the frame; the clock runs ahead instead of the test waiting.
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load embedded wallet' })
  await expect(async () => {
    await page.clock.fastForward(5000)
    await expect(alert).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 20_000 })
  await expect(alert).toContainText('Network Error')
})

test('a slow auth server: "Embedded Wallet Request Timed Out"', async ({ page }) => {
  // The frame gives up on the API after its own 15 s and answers code 'TIMEOUT': the page
  // shows the spec's alert (issue 12: "the server is slow, giving the timeout alert").
  await page.clock.install()
  const held: Route[] = []
  // The frame's own call to the API (page.route sees the frame's requests too) never answers.
  await page.route('**/auth/v1/email/start', (route) => {
    held.push(route)
  })
  await submitEmail(page, uniqueEmail('slow'))
  await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1)
  const alert = page.getByRole('alert').filter({ hasText: 'Embedded Wallet Request Timed Out' })
  await expect(async () => {
    await page.clock.fastForward(5000)
    await expect(alert).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 20_000 })
  for (const route of held) await route.abort().catch(() => {})
})
