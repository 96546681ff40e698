import { describe, expect, it } from 'vitest'
import { type createFakeLatchApi, createSigningSetup } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { createRegisterNameFlow, type RegisterNameFlow } from './createRegisterNameFlow.ts'

type FakeApi = ReturnType<typeof createFakeLatchApi>

/** The API's suggestions for a label: the name itself first, then variations. */
function suggest(api: FakeApi, label: string, entries: [string, boolean][]) {
  api.override(`GET /v1/profile/suggestions/${label}`, {
    status: 200,
    body: { suggestions: entries.map(([name, registered]) => ({ name, registered })) },
  })
}

/** Lets the flow's pending API answer arrive. */
/** Waits for the check to end: up to 3 s, since a 503 is retried 3 times (150, 300, 600 ms). */
async function settled(flow: RegisterNameFlow) {
  for (let i = 0; i < 150 && flow.getState().availability.status === 'checking'; i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  return flow.getState()
}

async function setup() {
  const signing = await createSigningSetup()
  const clock = createFakeScheduler()
  const flow = createRegisterNameFlow(signing.config, { scheduler: clock.scheduler })
  const suggestionCalls = () =>
    signing.api.calls.filter((call) => call.path.startsWith('/v1/profile/suggestions/'))
  return { ...signing, clock, flow, suggestionCalls }
}

describe('createRegisterNameFlow', () => {
  it('checks a label the rule allows once typing settles, and offers free names', async () => {
    const { api, clock, flow, suggestionCalls } = await setup()
    suggest(api, 'alice', [['alice.latch.id', false]])
    suggest(api, 'bobby', [
      ['bobby.latch.id', true],
      ['bobby1.latch.id', false],
      ['bobby2.latch.id', true],
      ['bobby-x.latch.id', false],
    ])

    // Too short: nothing is asked; the rule is said after the pause.
    flow.setValue('ab')
    expect(flow.getState().availability).toEqual({ status: 'empty' })
    clock.advance(300)
    expect(flow.getState().availability).toEqual({ status: 'invalid' })

    flow.setValue('alic')
    flow.setValue('alice')
    expect(flow.getState().availability).toEqual({ status: 'checking', name: 'alice.latch.id' })
    clock.advance(299)
    expect(suggestionCalls()).toEqual([])
    clock.advance(1)
    expect((await settled(flow)).availability).toEqual({
      status: 'available',
      name: 'alice.latch.id',
    })
    expect(suggestionCalls().map((call) => call.path)).toEqual(['/v1/profile/suggestions/alice'])

    flow.setValue(' Bobby ')
    clock.advance(300)
    expect((await settled(flow)).availability).toEqual({
      status: 'taken',
      name: 'bobby.latch.id',
      suggestions: ['bobby1.latch.id', 'bobby-x.latch.id'],
    })
    // A suggestion becomes the label, to be checked in turn.
    flow.pickSuggestion('bobby1.latch.id')
    expect(flow.getState()).toMatchObject({
      value: 'bobby1',
      availability: { status: 'checking', name: 'bobby1.latch.id' },
    })

    // Back to a label seen a moment ago: answered at once, not asked again.
    flow.setValue('alice')
    expect(flow.getState().availability.status).toBe('available')
    clock.advance(300)
    expect(suggestionCalls().map((call) => call.path)).toEqual([
      '/v1/profile/suggestions/alice',
      '/v1/profile/suggestions/bobby',
    ])
  })

  it("says 'Error' when the suggestions cannot be had", async () => {
    const { api, clock, flow } = await setup()
    api.override('GET /v1/profile/suggestions/carol', {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: 'Down.' } },
    })
    flow.setValue('carol')
    clock.advance(300)
    expect((await settled(flow)).availability).toEqual({
      status: 'error',
      name: 'carol.latch.id',
    })
  })

  it('registers an available name: the wallet signs, the API registers it', async () => {
    const { api, account, clock, flow } = await setup()
    suggest(api, 'alice', [['alice.latch.id', false]])
    expect(await flow.submit()).toEqual({ status: 'invalid' })
    flow.setValue('alice')
    clock.advance(300)
    await settled(flow)
    const statuses: string[] = []
    flow.subscribe((state) => statuses.push(state.status))
    const result = await flow.submit()
    expect(result).toMatchObject({ status: 'registered', profile: { name: 'alice.latch.id' } })
    expect(statuses).toEqual(['signing', 'registered'])
    expect(flow.getState().pendingName).toBe('alice.latch.id')
    expect(api.names.get('alice.latch.id')?.addresses['60']?.address).toBe(account.address)
  })

  it("signs an avatar along as the name's avatar attribute", async () => {
    const { api, clock, flow } = await setup()
    suggest(api, 'alice', [['alice.latch.id', false]])
    flow.setValue('alice')
    clock.advance(300)
    await settled(flow)
    const result = await flow.submit({ avatar: ' https://images.example/alice.png ' })
    expect(result).toMatchObject({
      status: 'registered',
      profile: { attributes: [{ avatar: 'https://images.example/alice.png' }] },
    })
    // What the wallet signed carries it: the API only stores what the account signed.
    const registration = api.calls.find((call) => call.path === '/v1/profile/account')
    expect(registration).toBeDefined()
    const body = registration?.body as { message: string } | undefined
    const message = JSON.parse(String(body?.message))
    expect(message.attributes).toEqual({ avatar: 'https://images.example/alice.png' })
  })

  it('comes back to the form with the label on a declined signature or a taken name', async () => {
    const { api, clock, flow, wallet, signWith } = await setup()
    suggest(api, 'alice', [['alice.latch.id', false]])
    flow.setValue('alice')
    clock.advance(300)
    await settled(flow)

    wallet.answer(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const declined = await flow.submit()
    expect(declined).toMatchObject({
      status: 'failed',
      error: { name: 'SignatureDeclinedError', shortMessage: 'Signature declined.' },
    })
    expect(flow.getState()).toMatchObject({ status: 'form', value: 'alice' })
    expect(flow.getState().error?.name).toBe('SignatureDeclinedError')
    // Typing clears the failure.
    flow.setValue('alice')
    expect(flow.getState().error).toBeUndefined()

    // Someone else registers it meanwhile: 'Error registering name'.
    signWith()
    api.names.set('alice.latch.id', {
      name: 'alice.latch.id',
      addresses: {},
      attributes: [],
      registered_at: '2026-11-24T12:00:00.000Z',
      updated_at: '2026-11-24T12:00:00.000Z',
      created_at: '2026-11-24T12:00:00.000Z',
    })
    const taken = await flow.submit()
    expect(taken).toMatchObject({ status: 'failed', error: { name: 'NameRegistrationError' } })
    expect(flow.getState()).toMatchObject({ status: 'form', value: 'alice' })

    flow.reset()
    expect(flow.getState()).toMatchObject({
      value: '',
      availability: { status: 'empty' },
      error: undefined,
    })
  })
})
