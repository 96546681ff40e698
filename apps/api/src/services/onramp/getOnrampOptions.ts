import type { OnrampOptionsResponse } from '@latch/api-contract'
import { getDefaultOnrampOptions } from './defaultOnrampOptions.ts'
import { mergeOnrampOptions } from './mergeOnrampOptions.ts'
import type { OnrampDeps } from './onrampDeps.ts'
import type { OnrampOptions } from './onrampProvider.ts'

/**
 * Every provider's options, asked at once and merged. A provider that fails is left out (and
 * logged); when none answers, the built-in default list, with `fallback: true` (spec section 8).
 */
export async function getOnrampOptions(
  deps: OnrampDeps,
  { signal }: { signal?: AbortSignal | undefined } = {},
): Promise<OnrampOptionsResponse> {
  const settled = await Promise.allSettled(
    deps.providers.map((provider) => deps.optionsCache.get(provider, signal)),
  )
  const answered: OnrampOptions[] = []
  settled.forEach((result, index) => {
    if (result.status === 'fulfilled') answered.push(result.value)
    else
      deps.logger.warn('An on-ramp provider did not give its options.', {
        provider: deps.providers[index]?.info.id,
        cause: result.reason instanceof Error ? result.reason.message : String(result.reason),
      })
  })
  const providers = deps.providers.map((provider) => provider.info)
  if (answered.length === 0)
    return { ...getDefaultOnrampOptions(deps.networks), providers, fallback: true }
  return { ...mergeOnrampOptions(answered), providers, fallback: false }
}
