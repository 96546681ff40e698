-- The embedded wallet's auth backend (`/auth/v1/...`): users known by email, their devices,
-- one-time codes, sessions and wallets. Nothing secret is stored in clear: codes and session
-- tokens are kept as hashes, the auth share encrypted (AES-256-GCM, LATCH_AUTH_SHARE_KEY), and
-- the recovery share only as the blob the user's passphrase sealed.

CREATE TABLE embedded_users (
  id text PRIMARY KEY,
  -- Trimmed and lower-cased.
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The frames a user signed in from (a random id in the frame's own storage). A known user's new
-- device is approved by the link mailed to the user before it gets a code.
CREATE TABLE embedded_devices (
  user_id text NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id)
);

-- One-time codes and device-approval links. `code_hash` is an HMAC-SHA256 of the code (or of
-- the link's token) under a key derived from the auth-share key: the database alone cannot
-- brute-force the 6 digits. Single use (`used_at`), `attempts` wrong tries at most.
CREATE TABLE embedded_codes (
  id text PRIMARY KEY,
  -- login | device | email_update_primary | email_update_secondary | export
  purpose text NOT NULL,
  -- Where the code was mailed (for email_update_secondary: the new address).
  email text NOT NULL,
  user_id text REFERENCES embedded_users (id) ON DELETE CASCADE,
  device_id text,
  -- Links the two codes of one email update.
  flow_id text,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX embedded_codes_email_purpose_idx ON embedded_codes (email, purpose, created_at);
CREATE INDEX embedded_codes_user_purpose_idx ON embedded_codes (user_id, purpose, created_at);
CREATE INDEX embedded_codes_hash_idx ON embedded_codes (code_hash);
CREATE INDEX embedded_codes_expires_at_idx ON embedded_codes (expires_at);

-- The 30 s between two emails to one address (spec sections 5 and 9), shared by every process.
CREATE TABLE embedded_email_cooldowns (
  -- An email address, or `user:<id>:<purpose>` for the mails of a signed-in user.
  key text PRIMARY KEY,
  last_sent_at timestamptz NOT NULL
);

-- Bearer sessions of the frame; the token itself is never stored, only its SHA-256.
CREATE TABLE embedded_sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX embedded_sessions_user_idx ON embedded_sessions (user_id, created_at);

-- One wallet per user: its address, the auth share encrypted at rest, and the recovery share
-- sealed by the user's passphrase (opaque to the server).
CREATE TABLE embedded_wallets (
  user_id text PRIMARY KEY REFERENCES embedded_users (id) ON DELETE CASCADE,
  -- EIP-55 checksummed.
  address text NOT NULL,
  -- `v1:` + base64(nonce || AES-256-GCM ciphertext and tag), bound to the user id and address.
  auth_share_encrypted text NOT NULL,
  sealed_recovery_share text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
