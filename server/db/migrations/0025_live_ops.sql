CREATE TABLE "instant_charge_requests" (
	"id_tag" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"charger_id" bigint NOT NULL,
	"connector_id" integer NOT NULL,
	"requested_by" uuid,
	"command_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "load_limit_a" integer;--> statement-breakpoint
ALTER TABLE "instant_charge_requests" ADD CONSTRAINT "instant_charge_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_charge_requests" ADD CONSTRAINT "instant_charge_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_charge_requests_charger_idx" ON "instant_charge_requests" USING btree ("charger_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (kind in ('WALLET', 'REVENUE', 'GST', 'PROMOTIONS', 'REFUNDS', 'TOP_UP_CLEARING', 'CORRECTIONS', 'OPENING_BALANCE', 'HOST_PAYABLE', 'PAYOUT_CLEARING'));--> statement-breakpoint
-- hand-written below
-- What the operator owes hosts (settlements) and the bank account payouts leave from (server/ledger/ledger.ts).
INSERT INTO "ledger_accounts" ("kind", "name") VALUES ('HOST_PAYABLE', 'Payable to hosts'), ('PAYOUT_CLEARING', 'Payout clearing (bank)');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_load_limit_a_check" CHECK ("load_limit_a" IS NULL OR "load_limit_a" BETWEEN 6 AND 32);
