ALTER TABLE "chargers" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "chargers" ADD CONSTRAINT "chargers_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chargers_group_id_created_at_id_idx" ON "chargers" USING btree ("group_id","created_at","id");