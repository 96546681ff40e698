import type { SignInMethod } from '@latch/api-contract'
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import type { LatchDb, LatchTransaction } from '../../db/createDatabase.ts'
import {
  embeddedCodes,
  embeddedDevices,
  embeddedEmailCooldowns,
  embeddedIdentities,
  embeddedSessions,
  embeddedSocialFlows,
  embeddedUsers,
  embeddedWallets,
} from '../../db/schema/index.ts'
import type {
  CodePurpose,
  EmbeddedCodeRecord,
  EmbeddedIdentityRecord,
  EmbeddedWalletStore,
  SocialFlowRecord,
} from './embeddedWalletStore.ts'

export type CreateDbEmbeddedWalletStoreParameters = {
  db: LatchDb
  /** How often this process deletes codes expired for a day, at most (default one hour). */
  sweepIntervalMs?: number | undefined
}

/**
 * An `EmbeddedWalletStore` over the `embedded_*` tables (`migrations/0013_embedded_wallet.sql`,
 * `0014_social_sign_in.sql`).
 */
export function createDbEmbeddedWalletStore({
  db,
  sweepIntervalMs = 3_600_000,
}: CreateDbEmbeddedWalletStoreParameters): EmbeddedWalletStore {
  let lastSweep = 0
  let lastFlowSweep = 0
  return {
    async findUserByEmail(email) {
      const [row] = await db.select().from(embeddedUsers).where(eq(embeddedUsers.email, email))
      return row
    },
    async getUser(id) {
      const [row] = await db.select().from(embeddedUsers).where(eq(embeddedUsers.id, id))
      return row
    },
    async getWallet(userId) {
      const [row] = await db
        .select({
          userId: embeddedWallets.userId,
          address: embeddedWallets.address,
          authShareEncrypted: embeddedWallets.authShareEncrypted,
          sealedRecoveryShare: embeddedWallets.sealedRecoveryShare,
        })
        .from(embeddedWallets)
        .where(eq(embeddedWallets.userId, userId))
      return row
    },
    async getDevice({ userId, deviceId }) {
      const [row] = await db
        .select({ approvedAt: embeddedDevices.approvedAt })
        .from(embeddedDevices)
        .where(and(eq(embeddedDevices.userId, userId), eq(embeddedDevices.deviceId, deviceId)))
      return row
    },
    async claimCooldown({ key, now, cooldownMs }) {
      return db.transaction(async (tx) => {
        // The row lock of the upsert orders racing claims: the second sees the first's time.
        const [previous] = await tx
          .select({ lastSentAt: embeddedEmailCooldowns.lastSentAt })
          .from(embeddedEmailCooldowns)
          .where(eq(embeddedEmailCooldowns.key, key))
          .for('update')
        const threshold = new Date(now.getTime() - cooldownMs)
        const claimed = await tx
          .insert(embeddedEmailCooldowns)
          .values({ key, lastSentAt: now })
          .onConflictDoUpdate({
            target: embeddedEmailCooldowns.key,
            set: { lastSentAt: now },
            setWhere: lte(embeddedEmailCooldowns.lastSentAt, threshold),
          })
          .returning({ key: embeddedEmailCooldowns.key })
        if (claimed.length > 0) return { claimed: true, previous: previous?.lastSentAt ?? null }
        const [current] = await tx
          .select({ lastSentAt: embeddedEmailCooldowns.lastSentAt })
          .from(embeddedEmailCooldowns)
          .where(eq(embeddedEmailCooldowns.key, key))
        return { claimed: false, lastSentAt: current?.lastSentAt ?? now }
      })
    },
    async releaseCooldown({ key, previous }) {
      if (previous)
        await db
          .update(embeddedEmailCooldowns)
          .set({ lastSentAt: previous })
          .where(eq(embeddedEmailCooldowns.key, key))
      else await db.delete(embeddedEmailCooldowns).where(eq(embeddedEmailCooldowns.key, key))
    },
    async clearCooldown(key) {
      await db.delete(embeddedEmailCooldowns).where(eq(embeddedEmailCooldowns.key, key))
    },
    async addCode(code) {
      await db.transaction(async (tx) => {
        await tx
          .update(embeddedCodes)
          .set({ usedAt: code.createdAt })
          .where(
            and(
              eq(embeddedCodes.purpose, code.purpose),
              isNull(embeddedCodes.usedAt),
              code.userId === null
                ? eq(embeddedCodes.email, code.email)
                : eq(embeddedCodes.userId, code.userId),
            ),
          )
        await tx.insert(embeddedCodes).values(code)
      })
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now()
        const dayAgo = new Date(code.createdAt.getTime() - 86_400_000)
        await db.delete(embeddedCodes).where(lt(embeddedCodes.expiresAt, dayAgo))
        await db.delete(embeddedEmailCooldowns).where(lt(embeddedEmailCooldowns.lastSentAt, dayAgo))
      }
    },
    async deleteCode(id) {
      await db.delete(embeddedCodes).where(eq(embeddedCodes.id, id))
    },
    async latestCode(input) {
      const [row] = await db
        .select()
        .from(embeddedCodes)
        .where(
          and(
            eq(embeddedCodes.purpose, input.purpose),
            'email' in input
              ? eq(embeddedCodes.email, input.email)
              : eq(embeddedCodes.userId, input.userId),
          ),
        )
        .orderBy(desc(embeddedCodes.createdAt))
        .limit(1)
      return row && toCode(row)
    },
    async takeTry({ id, now, maxAttempts }) {
      const [row] = await db
        .update(embeddedCodes)
        .set({ attempts: sql`${embeddedCodes.attempts} + 1` })
        .where(
          and(
            eq(embeddedCodes.id, id),
            isNull(embeddedCodes.usedAt),
            gt(embeddedCodes.expiresAt, now),
            lt(embeddedCodes.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: embeddedCodes.attempts })
      return row?.attempts
    },
    async useCode({ id, now }) {
      const rows = await db
        .update(embeddedCodes)
        .set({ usedAt: now })
        .where(and(eq(embeddedCodes.id, id), isNull(embeddedCodes.usedAt)))
        .returning({ id: embeddedCodes.id })
      return rows.length > 0
    },
    async findCodeByHash({ purpose, codeHash }) {
      const [row] = await db
        .select()
        .from(embeddedCodes)
        .where(and(eq(embeddedCodes.purpose, purpose), eq(embeddedCodes.codeHash, codeHash)))
        .limit(1)
      return row && toCode(row)
    },
    async addPendingDevice({ userId, deviceId, now, maxDevices }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(embeddedDevices)
          .values({ userId, deviceId, createdAt: now, lastUsedAt: now })
          .onConflictDoNothing()
        // Only waiting devices make room: a stranger asking for links never evicts approved ones.
        await pruneDevices(tx, { userId, keep: deviceId, maxDevices, pendingOnly: true })
      })
    },
    async approveDevice({ userId, deviceId, now }) {
      await db
        .insert(embeddedDevices)
        .values({ userId, deviceId, approvedAt: now, createdAt: now, lastUsedAt: now })
        .onConflictDoUpdate({
          target: [embeddedDevices.userId, embeddedDevices.deviceId],
          set: {
            approvedAt: sql`coalesce(${embeddedDevices.approvedAt}, ${now})`,
            lastUsedAt: now,
          },
        })
    },
    async signIn({ email, newUserId, deviceId, projectId, session, now, maxDevices, maxSessions }) {
      return db.transaction(async (tx) => {
        await tx
          .insert(embeddedUsers)
          .values({ id: newUserId, email, createdAt: now })
          .onConflictDoNothing({ target: embeddedUsers.email })
        const [user] = await tx.select().from(embeddedUsers).where(eq(embeddedUsers.email, email))
        if (!user) throw new Error('The user row vanished during sign-in.')
        const [wallet] = await tx
          .select({ userId: embeddedWallets.userId })
          .from(embeddedWallets)
          .where(eq(embeddedWallets.userId, user.id))
        if (wallet) {
          const [device] = await tx
            .select({ approvedAt: embeddedDevices.approvedAt })
            .from(embeddedDevices)
            .where(and(eq(embeddedDevices.userId, user.id), eq(embeddedDevices.deviceId, deviceId)))
          if (!device?.approvedAt) return { status: 'deviceNotApproved' }
          await tx
            .update(embeddedDevices)
            .set({ lastUsedAt: now })
            .where(and(eq(embeddedDevices.userId, user.id), eq(embeddedDevices.deviceId, deviceId)))
        }
        // No wallet yet: nothing to protect, and this device is where it will be created.
        else
          await tx
            .insert(embeddedDevices)
            .values({ userId: user.id, deviceId, approvedAt: now, createdAt: now, lastUsedAt: now })
            .onConflictDoUpdate({
              target: [embeddedDevices.userId, embeddedDevices.deviceId],
              set: {
                approvedAt: sql`coalesce(${embeddedDevices.approvedAt}, ${now})`,
                lastUsedAt: now,
              },
            })
        await pruneDevices(tx, { userId: user.id, keep: deviceId, maxDevices })
        await addSession(tx, {
          userId: user.id,
          deviceId,
          projectId,
          session,
          method: 'email',
          identitySubject: null,
          now,
          maxSessions,
        })
        return { status: 'signedIn', user }
      })
    },
    async getSessionByTokenHash(tokenHash) {
      const [row] = await db
        .select({
          id: embeddedSessions.id,
          userId: embeddedSessions.userId,
          method: embeddedSessions.method,
          identitySubject: embeddedSessions.identitySubject,
          deviceId: embeddedSessions.deviceId,
          projectId: embeddedSessions.projectId,
          expiresAt: embeddedSessions.expiresAt,
          revokedAt: embeddedSessions.revokedAt,
          createdAt: embeddedSessions.createdAt,
        })
        .from(embeddedSessions)
        .where(eq(embeddedSessions.tokenHash, tokenHash))
      return row && { ...row, method: row.method as SignInMethod }
    },
    async revokeSession({ id, now }) {
      await db
        .update(embeddedSessions)
        .set({ revokedAt: sql`coalesce(${embeddedSessions.revokedAt}, ${now})` })
        .where(eq(embeddedSessions.id, id))
    },
    async createWallet(wallet) {
      const rows = await db
        .insert(embeddedWallets)
        .values(wallet)
        .onConflictDoNothing()
        .returning({ userId: embeddedWallets.userId })
      return rows.length > 0
    },
    async updateEmail({ userId, email }) {
      try {
        return await db.transaction(async (tx) => {
          const [other] = await tx
            .select({ id: embeddedUsers.id })
            .from(embeddedUsers)
            .where(eq(embeddedUsers.email, email))
          if (other && other.id !== userId) return 'taken'
          await tx.update(embeddedUsers).set({ email }).where(eq(embeddedUsers.id, userId))
          return 'updated'
        })
      } catch (error) {
        // Another user took the address between the read and the write.
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },
    async addSocialFlow({ maxPerDevice, ...flow }) {
      await db.transaction(async (tx) => {
        await tx.insert(embeddedSocialFlows).values(flow)
        // The device's newest unfinished flows of this kind are kept; older ones are dropped.
        const open = await tx
          .select({ id: embeddedSocialFlows.id })
          .from(embeddedSocialFlows)
          .where(
            and(
              eq(embeddedSocialFlows.deviceId, flow.deviceId),
              eq(embeddedSocialFlows.kind, flow.kind),
              isNull(embeddedSocialFlows.usedAt),
              gt(embeddedSocialFlows.expiresAt, flow.createdAt),
            ),
          )
          .orderBy(desc(embeddedSocialFlows.createdAt), desc(embeddedSocialFlows.id))
        const dropped = open.slice(Math.max(1, maxPerDevice)).map((row) => row.id)
        if (dropped.length > 0)
          await tx.delete(embeddedSocialFlows).where(inArray(embeddedSocialFlows.id, dropped))
      })
      if (Date.now() - lastFlowSweep >= sweepIntervalMs) {
        lastFlowSweep = Date.now()
        const dayAgo = new Date(flow.createdAt.getTime() - 86_400_000)
        await db.delete(embeddedSocialFlows).where(lt(embeddedSocialFlows.expiresAt, dayAgo))
      }
    },
    async getSocialFlow(id) {
      const [row] = await db
        .select()
        .from(embeddedSocialFlows)
        .where(eq(embeddedSocialFlows.id, id))
      return row && toSocialFlow(row)
    },
    async useSocialFlow({ id, now }) {
      const rows = await db
        .update(embeddedSocialFlows)
        .set({ usedAt: now })
        .where(
          and(
            eq(embeddedSocialFlows.id, id),
            isNull(embeddedSocialFlows.usedAt),
            gt(embeddedSocialFlows.expiresAt, now),
          ),
        )
        .returning({ id: embeddedSocialFlows.id })
      return rows.length > 0
    },
    async getIdentity({ provider, subject }) {
      const [row] = await db
        .select()
        .from(embeddedIdentities)
        .where(
          and(eq(embeddedIdentities.provider, provider), eq(embeddedIdentities.subject, subject)),
        )
      return row && toIdentity(row)
    },
    async signInWithIdentity(input) {
      try {
        return await signInWithIdentity(db, input)
      } catch (error) {
        // Two first sign-ins of the same new identity raced: the other one created it, and
        // this one now finds it.
        if (isUniqueViolation(error)) return signInWithIdentity(db, input)
        throw error
      }
    },
    async linkIdentity({ identity, now }) {
      const inserted = await db
        .insert(embeddedIdentities)
        .values({ ...identity, createdAt: now, lastUsedAt: now })
        .onConflictDoNothing()
        .returning({ userId: embeddedIdentities.userId })
      if (inserted.length > 0) return 'linked'
      const [existing] = await db
        .select({ userId: embeddedIdentities.userId })
        .from(embeddedIdentities)
        .where(
          and(
            eq(embeddedIdentities.provider, identity.provider),
            eq(embeddedIdentities.subject, identity.subject),
          ),
        )
      if (existing?.userId !== identity.userId) return 'taken'
      await db
        .update(embeddedIdentities)
        .set({ username: identity.username, email: identity.email, lastUsedAt: now })
        .where(
          and(
            eq(embeddedIdentities.provider, identity.provider),
            eq(embeddedIdentities.subject, identity.subject),
          ),
        )
      return 'linked'
    },
  }
}

/** `signInWithIdentity` in one transaction (see the store's interface). */
function signInWithIdentity(
  db: LatchDb,
  {
    identity,
    newUserId,
    deviceId,
    projectId,
    session,
    now,
    maxDevices,
    maxSessions,
  }: Parameters<EmbeddedWalletStore['signInWithIdentity']>[0],
) {
  return db.transaction(async (tx) => {
    const match = and(
      eq(embeddedIdentities.provider, identity.provider),
      eq(embeddedIdentities.subject, identity.subject),
    )
    const [known] = await tx.select().from(embeddedIdentities).where(match).for('update')
    let userId: string
    if (known) {
      userId = known.userId
      await tx
        .update(embeddedIdentities)
        .set({ username: identity.username, email: identity.email, lastUsedAt: now })
        .where(match)
    } else {
      // A new person: a user of its own, never joined to another by the email it reports.
      await tx.insert(embeddedUsers).values({ id: newUserId, email: null, createdAt: now })
      await tx.insert(embeddedIdentities).values({
        ...identity,
        userId: newUserId,
        createdAt: now,
        lastUsedAt: now,
      })
      userId = newUserId
    }
    const [user] = await tx.select().from(embeddedUsers).where(eq(embeddedUsers.id, userId))
    if (!user) throw new Error('The user row vanished during sign-in.')
    // The provider proved the person: the device is approved (the wallet still needs the
    // recovery passphrase on a device that has not held it).
    await tx
      .insert(embeddedDevices)
      .values({ userId, deviceId, approvedAt: now, createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [embeddedDevices.userId, embeddedDevices.deviceId],
        set: {
          approvedAt: sql`coalesce(${embeddedDevices.approvedAt}, ${now})`,
          lastUsedAt: now,
        },
      })
    await pruneDevices(tx, { userId, keep: deviceId, maxDevices })
    await addSession(tx, {
      userId,
      deviceId,
      projectId,
      session,
      method: identity.provider,
      identitySubject: identity.subject,
      now,
      maxSessions,
    })
    const [stored] = await tx.select().from(embeddedIdentities).where(match)
    if (!stored) throw new Error('The identity row vanished during sign-in.')
    return { user, identity: toIdentity(stored) }
  })
}

/**
 * Stores a new session of the user, ends the oldest open ones past `maxSessions`, and deletes
 * the user's sessions ended for a week.
 */
async function addSession(
  tx: LatchTransaction,
  {
    userId,
    deviceId,
    projectId,
    session,
    method,
    identitySubject,
    now,
    maxSessions,
  }: {
    userId: string
    deviceId: string
    projectId: string
    session: { id: string; tokenHash: string; expiresAt: Date }
    method: SignInMethod
    identitySubject: string | null
    now: Date
    maxSessions: number
  },
) {
  await tx.insert(embeddedSessions).values({
    id: session.id,
    tokenHash: session.tokenHash,
    userId,
    deviceId,
    projectId,
    method,
    identitySubject,
    expiresAt: session.expiresAt,
    createdAt: now,
  })
  // The oldest open sessions past the cap end.
  const open = await tx
    .select({ id: embeddedSessions.id })
    .from(embeddedSessions)
    .where(
      and(
        eq(embeddedSessions.userId, userId),
        isNull(embeddedSessions.revokedAt),
        gt(embeddedSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(embeddedSessions.createdAt), desc(embeddedSessions.id))
  const ended = open.slice(maxSessions).map((row) => row.id)
  if (ended.length > 0)
    await tx
      .update(embeddedSessions)
      .set({ revokedAt: now })
      .where(inArray(embeddedSessions.id, ended))
  // Ended sessions older than their expiry by a week are not worth keeping.
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000)
  await tx
    .delete(embeddedSessions)
    .where(
      and(
        eq(embeddedSessions.userId, userId),
        or(
          lt(embeddedSessions.expiresAt, weekAgo),
          and(isNotNull(embeddedSessions.revokedAt), lt(embeddedSessions.revokedAt, weekAgo)),
        ),
      ),
    )
}

/** Keeps the user's `maxDevices` most recently used devices (and `keep`); forgets the rest. */
async function pruneDevices(
  tx: LatchTransaction,
  {
    userId,
    keep,
    maxDevices,
    pendingOnly = false,
  }: { userId: string; keep: string; maxDevices: number; pendingOnly?: boolean },
) {
  const devices = await tx
    .select({ deviceId: embeddedDevices.deviceId })
    .from(embeddedDevices)
    .where(
      and(
        eq(embeddedDevices.userId, userId),
        pendingOnly ? isNull(embeddedDevices.approvedAt) : undefined,
      ),
    )
    .orderBy(desc(embeddedDevices.lastUsedAt), desc(embeddedDevices.createdAt))
  const kept = [keep, ...devices.map((row) => row.deviceId).filter((id) => id !== keep)].slice(
    0,
    maxDevices,
  )
  if (devices.length <= kept.length) return
  await tx
    .delete(embeddedDevices)
    .where(
      and(
        eq(embeddedDevices.userId, userId),
        notInArray(embeddedDevices.deviceId, kept),
        pendingOnly ? isNull(embeddedDevices.approvedAt) : undefined,
      ),
    )
}

function toSocialFlow(row: typeof embeddedSocialFlows.$inferSelect): SocialFlowRecord {
  return {
    ...row,
    kind: row.kind as SocialFlowRecord['kind'],
    provider: row.provider as SocialFlowRecord['provider'],
    mode: row.mode as SocialFlowRecord['mode'],
  }
}

function toIdentity(row: typeof embeddedIdentities.$inferSelect): EmbeddedIdentityRecord {
  return {
    provider: row.provider as EmbeddedIdentityRecord['provider'],
    subject: row.subject,
    userId: row.userId,
    username: row.username,
    email: row.email,
  }
}

function toCode(row: typeof embeddedCodes.$inferSelect): EmbeddedCodeRecord {
  return { ...row, purpose: row.purpose as CodePurpose }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if ((current as { code?: unknown }).code === '23505') return true
  return false
}
