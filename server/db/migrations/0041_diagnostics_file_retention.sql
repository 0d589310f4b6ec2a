ALTER TABLE "ocpp_diagnostics_requests" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocpp_diagnostics_requests" ADD COLUMN "file_retention_days" integer;--> statement-breakpoint
CREATE INDEX "ocpp_diagnostics_requests_kept_files_idx" ON "ocpp_diagnostics_requests" USING btree ("uploaded_at") WHERE "ocpp_diagnostics_requests"."file_key" is not null;