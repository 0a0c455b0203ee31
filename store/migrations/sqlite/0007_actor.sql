-- 0007: who made each move: "player" (the seat's person), "ai" (a computer
-- seat), "autopilot" (for an absent person) or "host"; '' for moves stored
-- before this migration. A catch-up log tells players which moves were
-- not made by hand.

ALTER TABLE actions ADD COLUMN actor TEXT NOT NULL DEFAULT '';
