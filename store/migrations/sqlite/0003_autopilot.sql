-- 0003: a seat whose player ran out of time is played by the autopilot
-- until the player acts again; the flag survives restarts.
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));
