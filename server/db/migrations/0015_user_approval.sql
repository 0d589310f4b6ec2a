ALTER TABLE "users" ADD COLUMN "approval_status" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_approval_status_created_at_id_idx" ON "users" USING btree ("approval_status","created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_status_user_approval_states" CHECK ("users"."approval_status" in ('PENDING', 'APPROVED', 'REJECTED'));