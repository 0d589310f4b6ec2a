CREATE TABLE "firmware_campaign_members" (
	"campaign_id" uuid NOT NULL,
	"charger_id" bigint NOT NULL,
	"wave" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "firmware_campaign_members_campaign_id_charger_id_pk" PRIMARY KEY("campaign_id","charger_id"),
	CONSTRAINT "firmware_campaign_members_status" CHECK ("firmware_campaign_members"."status" in ('pending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "firmware_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"firmware_file_id" uuid NOT NULL,
	"filters" jsonb NOT NULL,
	"waves" jsonb NOT NULL,
	"wave_sizes" jsonb,
	"failure_threshold_percent" integer NOT NULL,
	"retrieve_date" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"current_wave" integer DEFAULT -1 NOT NULL,
	"accepted_failures" integer DEFAULT 0 NOT NULL,
	"paused_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "firmware_campaigns_state" CHECK (state in ('draft', 'running', 'paused', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "firmware_campaign_members" ADD CONSTRAINT "firmware_campaign_members_campaign_id_firmware_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_firmware_file_id_firmware_files_id_fk" FOREIGN KEY ("firmware_file_id") REFERENCES "public"."firmware_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_campaign_members_wave_idx" ON "firmware_campaign_members" USING btree ("campaign_id","wave","status");--> statement-breakpoint
CREATE INDEX "firmware_campaigns_created_idx" ON "firmware_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "firmware_campaigns_running_idx" ON "firmware_campaigns" USING btree ("state") WHERE "firmware_campaigns"."state" = 'running';