import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import type { SdkUsageCounter } from '../stores/createSdkUsageCounter.ts'

/** An SDK type: a short word ("latch", "appkit", "react-native"). */
const sdkTypePattern = /^[a-z][a-z0-9_-]{0,31}$/i
/** An SDK version: "1.2.3", "0.0.0-beta.1+abc". */
const sdkVersionPattern = /^[0-9a-z][0-9a-z.+_-]{0,39}$/i

/**
 * Counts, per known project, the SDK type and version that made each request served without
 * an error (spec section 7: the `X-Sdk-Type` / `X-Sdk-Version` headers, or `/getWallets`'
 * `sdkType` / `sdkVersion` query). Requests without them, or with values that are not a short
 * word and a version, are served as usual and not counted.
 */
export function recordSdkUsage(counter: SdkUsageCounter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const project = c.get('projectLookup')?.project
    if (!project || c.res.status >= 400) return
    const sdkType = c.req.header('x-sdk-type') ?? c.req.query('sdkType')
    if (!sdkType) return
    const sdkVersion = c.req.header('x-sdk-version') ?? c.req.query('sdkVersion')
    if (!sdkVersion) return
    if (!sdkTypePattern.test(sdkType) || !sdkVersionPattern.test(sdkVersion)) return
    counter.record({ projectId: project.id, sdkType: sdkType.toLowerCase(), sdkVersion })
  }
}
