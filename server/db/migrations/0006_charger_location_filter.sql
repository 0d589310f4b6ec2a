DROP INDEX "chargers_location_id_idx";--> statement-breakpoint
CREATE INDEX "chargers_location_id_created_at_id_idx" ON "chargers" USING btree ("location_id","created_at","id");