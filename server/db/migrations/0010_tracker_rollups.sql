CREATE TABLE "tracker_daily_rollups" (
	"day" date NOT NULL,
	"city_id" uuid,
	"cpo_id" uuid,
	"bookings" integer DEFAULT 0 NOT NULL,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"new_chargers" integer DEFAULT 0 NOT NULL,
	"installations" integer DEFAULT 0 NOT NULL,
	"tickets_opened" integer DEFAULT 0 NOT NULL,
	"tickets_closed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_through" date
);
--> statement-breakpoint
CREATE INDEX "tracker_daily_rollups_day_idx" ON "tracker_daily_rollups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tracker_daily_rollups_city_day_idx" ON "tracker_daily_rollups" USING btree ("city_id","day");--> statement-breakpoint
CREATE INDEX "tracker_daily_rollups_cpo_day_idx" ON "tracker_daily_rollups" USING btree ("cpo_id","day");