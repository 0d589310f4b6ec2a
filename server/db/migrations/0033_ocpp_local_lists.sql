CREATE TABLE "ocpp_local_lists" (
	"charger_id" bigint PRIMARY KEY NOT NULL,
	"held_version" integer,
	"wanted_version" integer NOT NULL,
	"state" text NOT NULL,
	"answer" text,
	"enabled" boolean,
	"send_max_length" integer,
	"max_length" integer,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ocpp_local_lists_state_idx" ON "ocpp_local_lists" USING btree ("state");