ALTER TABLE "users" ADD COLUMN "operations_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operations_lock_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_booking_states" CHECK ("bookings"."status" in ('SCHEDULED', 'CHARGING', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED', 'STOPPED_BY_ADMIN'));