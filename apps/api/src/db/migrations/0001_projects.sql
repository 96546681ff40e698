-- Projects: the client applications allowed to call the API, each with its own origins.
CREATE TABLE projects (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- Origin patterns (`https://*.example.com`, `http://localhost:*`); empty: the API's default list.
  allowed_origins text[] NOT NULL DEFAULT '{}',
  features jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
