CREATE TABLE "ocpp_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" bigint,
	"charger_id" bigint NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reserve_command_id" uuid,
	"cancel_command_id" uuid,
	"cancel_wanted_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"transaction_id" bigint,
	"expired_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocpp_reservations" ADD CONSTRAINT "ocpp_reservations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ocpp_reservations_booking_key" ON "ocpp_reservations" USING btree ("booking_id") WHERE "ocpp_reservations"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "ocpp_reservations_charger_idx" ON "ocpp_reservations" USING btree ("charger_id","expires_at");