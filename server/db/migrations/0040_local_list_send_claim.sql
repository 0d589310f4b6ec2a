ALTER TABLE "ocpp_local_lists" ADD COLUMN "send_claim" uuid;--> statement-breakpoint
ALTER TABLE "ocpp_local_lists" ADD COLUMN "send_claimed_at" timestamp with time zone;