-- Copies of release binaries into the marketplace bucket. One job per (organisation, correlation id): a
-- repeated request returns the job already recorded. size_bytes and crc32 are the platform's advertised
-- values, recorded when the job is queued; the stored object is verified against them.
CREATE TABLE copy_jobs (
  id              uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  application_id  bigint NOT NULL,
  release_id      text NOT NULL,
  object_key      text NOT NULL,
  correlation_id  text NOT NULL,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'stored', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  size_bytes      bigint NOT NULL,
  crc32           bigint NOT NULL,
  sha256          text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  CONSTRAINT copy_jobs_correlation_unique UNIQUE (organisation_id, correlation_id)
);

-- The worker's claim query: due queued jobs in order.
CREATE INDEX copy_jobs_due ON copy_jobs (next_attempt_at, id) WHERE status = 'queued';
