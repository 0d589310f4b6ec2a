-- A ticket carries the operator of its charger (charger_operator_id), set by a trigger on every insert and whenever
-- its charger changes, whichever path writes the ticket (the resource routes, their workflows and bulk actions,
-- OCPP's fault tickets, the seed): the progress trackers count a ticket without an operator of its own by its
-- charger's without looking the charger up (about 4 µs a row on PGlite). The ticket's own operator
-- (charge_point_operator_id, a field staff set) is left as it is. Tickets made before this migration get their
-- charger's operator now.
ALTER TABLE "tickets" ADD COLUMN "charger_operator_id" uuid;--> statement-breakpoint
UPDATE "tickets" AS t SET "charger_operator_id" = c."charge_point_operator_id" FROM "chargers" AS c WHERE c."id" = t."charger" AND c."charge_point_operator_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_charger_operator_id_charge_point_operators_id_fk" FOREIGN KEY ("charger_operator_id") REFERENCES "public"."charge_point_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_charger_operator_id_idx" ON "tickets" USING btree ("charger_operator_id");--> statement-breakpoint
CREATE FUNCTION "czo_ticket_charger_operator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."charger_operator_id" := (SELECT c."charge_point_operator_id" FROM "chargers" AS c WHERE c."id" = NEW."charger");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_charger_operator" BEFORE INSERT OR UPDATE OF "charger" ON "tickets" FOR EACH ROW EXECUTE FUNCTION "czo_ticket_charger_operator"();
