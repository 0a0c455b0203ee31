-- 0009: a job is claimed before it runs, through a lease: the store that
-- claimed it (lease_owner, a random name each store takes when it opens;
-- '' for nobody) and until when (Unix milliseconds, 0 for never claimed).
-- Another claim takes a job only once its lease has run out, so that a
-- job runs once even when several processes share the jobs (PostgreSQL),
-- and a process that dies holding a lease loses it when it runs out. An
-- SQLite file has one process: its leases are cleared when it opens.

ALTER TABLE jobs ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
