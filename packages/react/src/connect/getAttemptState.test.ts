import { RelayUnavailableError, UserRejectedRequestError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { getAttemptState } from './getAttemptState.ts'

describe('getAttemptState', () => {
  it('is pending while connecting', () => {
    expect(getAttemptState({ status: 'connecting', error: undefined })).toEqual({
      status: 'pending',
    })
  })

  it('returns to idle when the person declines (4001), without an error', () => {
    expect(
      getAttemptState({ status: 'disconnected', error: new UserRejectedRequestError() }),
    ).toEqual({
      status: 'declined',
    })
  })

  it('keeps any other failure as an error', () => {
    const error = new Error('boom')
    expect(getAttemptState({ status: 'disconnected', error })).toEqual({ status: 'error', error })
  })

  it('reports the relay down when the connector says so', () => {
    expect(
      getAttemptState({
        status: 'disconnected',
        error: new RelayUnavailableError({ timeoutMs: 8000 }),
      }),
    ).toEqual({ status: 'relayUnavailable' })
  })

  it('reports the relay down when no pairing URI arrived in time', () => {
    const waiting = { status: 'connecting', error: undefined, pairingUriTimedOut: true } as const
    expect(getAttemptState(waiting)).toEqual({ status: 'relayUnavailable' })
    expect(getAttemptState({ ...waiting, pairingUri: 'wc:x@2' })).toEqual({ status: 'pending' })
  })
})
