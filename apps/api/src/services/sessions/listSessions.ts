import type { SessionRecord, SessionStore } from '../../stores/sessions/sessionStore.ts'

/** The address's active (unrevoked, unexpired) sessions in the project, newest first. */
export function listSessions(
  { sessions }: { sessions: SessionStore },
  { projectId, address }: { projectId: string; address: string },
): Promise<SessionRecord[]> {
  return sessions.listActive({ projectId, address })
}
