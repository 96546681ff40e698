import { type FrameConfig, frameConfigElementId, frameConfigSchema } from './frameConfigSchema.ts'

/** The config the auth site put in the page; throws if it is missing or malformed. */
export function readFrameConfig(document: Document): FrameConfig {
  const element = document.getElementById(frameConfigElementId)
  if (!element?.textContent) throw new Error('The frame page has no config.')
  return frameConfigSchema.parse(JSON.parse(element.textContent))
}
