-- Which SDK (type and version, from the X-Sdk-Type / X-Sdk-Version headers or /getWallets'
-- sdkType / sdkVersion query) called the API, per project and per UTC day: one row per
-- combination, counts added in batches by every API process (createSdkUsageCounter).
CREATE TABLE sdk_usage (
  project_id text NOT NULL,
  day date NOT NULL,
  sdk_type text NOT NULL,
  sdk_version text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (project_id, day, sdk_type, sdk_version)
);
