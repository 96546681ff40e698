import type { Project } from '../../stores/projectStore.ts'
import type { AnalyticsSettings } from './analyticsSettings.ts'

/**
 * Whether a project's events are collected: its own `analytics` feature when set (the
 * operator's per-project switch), else the API-wide LATCH_ANALYTICS (off by default).
 */
export function isAnalyticsEnabled(
  project: Pick<Project, 'features'>,
  settings: Pick<AnalyticsSettings, 'enabled'>,
): boolean {
  return project.features.analytics ?? settings.enabled
}
