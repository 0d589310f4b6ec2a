-- The progress trackers count tickets closed (a closed status) by their last change over the days not yet rolled up
-- (server/network/tracker-query.ts): with the status first, that read visits only the closed tickets of those days
-- (a third of the tickets changed in them at scale 10: 13.6 ms instead of 21 ms on PGlite).
CREATE INDEX IF NOT EXISTS "tickets_status_updated_at_idx" ON "tickets" USING btree ("status", "updated_at");
