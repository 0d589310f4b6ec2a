-- The progress trackers count tickets closed by their last change (updated_at) over the days not yet rolled up
-- (server/network/tracker-query.ts); without this index that read scans every ticket.
CREATE INDEX IF NOT EXISTS "tickets_updated_at_idx" ON "tickets" USING btree ("updated_at");
