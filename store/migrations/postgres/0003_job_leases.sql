-- 0003: the lease through which a job is claimed before it runs, as
-- SQLite's migration 9 (see there): the store holding it ('' for nobody)
-- and until when (Unix milliseconds, 0 for never claimed). Claims pick
-- due jobs whose lease has run out with FOR UPDATE SKIP LOCKED, so that
-- processes claiming at once never wait for each other nor take one job
-- twice.

ALTER TABLE jobs ADD COLUMN lease_owner TEXT COLLATE "C" NOT NULL DEFAULT '',
    ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
