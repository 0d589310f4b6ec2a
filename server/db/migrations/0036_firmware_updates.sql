CREATE TABLE "firmware_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"vendor" text,
	"model" text,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"store_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charger_id" bigint NOT NULL,
	"firmware_file_id" uuid NOT NULL,
	"campaign_id" text,
	"wave" integer,
	"status" text NOT NULL,
	"retrieve_date" timestamp with time zone NOT NULL,
	"retries" integer,
	"retry_interval" integer,
	"requested_by" uuid,
	"command_id" uuid,
	"last_charger_status" text,
	"error" text,
	"installed_version" text,
	"last_heard_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_firmware_file_id_firmware_files_id_fk" FOREIGN KEY ("firmware_file_id") REFERENCES "public"."firmware_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_files_store_key" ON "firmware_files" USING btree ("store_key");--> statement-breakpoint
CREATE INDEX "firmware_files_created_idx" ON "firmware_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "firmware_updates_charger_idx" ON "firmware_updates" USING btree ("charger_id","created_at");--> statement-breakpoint
CREATE INDEX "firmware_updates_campaign_idx" ON "firmware_updates" USING btree ("campaign_id") WHERE "firmware_updates"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "firmware_updates_open_idx" ON "firmware_updates" USING btree ("status") WHERE "firmware_updates"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_updates_one_open_key" ON "firmware_updates" USING btree ("charger_id") WHERE "firmware_updates"."finished_at" is null;