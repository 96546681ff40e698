/** One email: a plain-text body and a simple HTML one. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** Sends the embedded wallet's emails (one adapter per transport: SMTP, or a test's capture). */
export type Mailer = {
  /** Rejects when the message could not be handed to the server in time. */
  send(mail: Mail): Promise<void>
}
