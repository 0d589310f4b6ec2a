CREATE TABLE "ocpp_diagnostics_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"charger_id" bigint NOT NULL,
	"batch_id" uuid,
	"command_id" uuid,
	"state" text NOT NULL,
	"start_time" timestamp with time zone,
	"stop_time" timestamp with time zone,
	"retries" integer,
	"retry_interval" integer,
	"note" text,
	"file_name" text,
	"last_status" text,
	"last_status_at" timestamp with time zone,
	"link_expires_at" timestamp with time zone NOT NULL,
	"upload_started_at" timestamp with time zone,
	"file_key" text,
	"file_size" bigint,
	"file_sha256" text,
	"uploaded_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocpp_diagnostics_requests_state_check" CHECK ("ocpp_diagnostics_requests"."state" in ('requested', 'sent', 'accepted', 'nothingToUpload', 'uploading', 'uploaded', 'uploadFailed', 'rejected', 'failed', 'offline', 'timedOut'))
);
--> statement-breakpoint
ALTER TABLE "ocpp_diagnostics_requests" ADD CONSTRAINT "ocpp_diagnostics_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpp_diagnostics_requests_charger_idx" ON "ocpp_diagnostics_requests" USING btree ("charger_id","created_at");--> statement-breakpoint
CREATE INDEX "ocpp_diagnostics_requests_command_idx" ON "ocpp_diagnostics_requests" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "ocpp_diagnostics_requests_open_idx" ON "ocpp_diagnostics_requests" USING btree ("created_at") WHERE "ocpp_diagnostics_requests"."state" in ('requested', 'sent', 'accepted', 'uploading');