-- Social sign-in into the embedded wallet (issue 13): OAuth 2 / OpenID Connect providers and
-- Sign In With Farcaster. A user is found by the provider's stable subject, never by the email
-- a provider reports; linking a second way in to a wallet is an explicit call.

-- A social account may share no email.
ALTER TABLE embedded_users ALTER COLUMN email DROP NOT NULL;

-- The ways in to a user besides its email: (provider, subject) is the OIDC `sub`, the
-- provider's user id, or the Farcaster FID.
CREATE TABLE embedded_identities (
  -- google | github | apple | facebook | x | discord | farcaster
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES embedded_users (id) ON DELETE CASCADE,
  -- What the provider calls the person (shown in the app; spec section 3: social username).
  username text,
  -- As the provider reported it; informative only.
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);

CREATE INDEX embedded_identities_user_idx ON embedded_identities (user_id);

-- Started sign-ins, single use, 10 minutes. `id` is the OAuth `state` (random, 256 bits) or the
-- Farcaster channel id. Bound to the frame that started it by `flow_secret_hash`.
CREATE TABLE embedded_social_flows (
  id text PRIMARY KEY,
  -- oauth | farcaster
  kind text NOT NULL,
  provider text NOT NULL,
  project_id text NOT NULL,
  device_id text NOT NULL,
  flow_secret_hash text NOT NULL,
  -- OAuth: the OIDC nonce and the PKCE verifier. Farcaster: the SIWE nonce.
  nonce text,
  code_verifier text,
  -- Farcaster: the relay's channel token (a bearer credential of the relay, 10 minutes).
  channel_token text,
  -- OAuth: where the callback page sends the answer (popup) or the browser (redirect).
  app_origin text,
  return_url text,
  mode text,
  -- Set when a signed-in user links this provider (`link: true`) instead of signing in.
  link_user_id text REFERENCES embedded_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX embedded_social_flows_expires_at_idx ON embedded_social_flows (expires_at);
CREATE INDEX embedded_social_flows_device_idx ON embedded_social_flows (device_id, created_at);

-- How each session was opened, and with which identity (for the username the app shows).
ALTER TABLE embedded_sessions ADD COLUMN method text NOT NULL DEFAULT 'email';
ALTER TABLE embedded_sessions ADD COLUMN identity_subject text;
