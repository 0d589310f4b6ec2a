ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Stored states become the machines' states (the CHECKs below). Every value the former definitions allowed is a
-- state of its machine except a site inspection's REJECTED: a rejection sends the inspection back to editing, so a
-- rejected one is PARTIALLY_FILLED again. A ticket is CLOSED only by CLOSE, which always records a close reason: a
-- closed one without one gets SOURCE, the most neutral of the close reasons. Each move is written to the record's
-- history (by no one: the system) and moves its version on, so a screen that saw it before is refused (409).
INSERT INTO "audit_log" ("entity_type", "entity_id", "actor_user_id", "action", "from_state", "to_state", "reason")
SELECT 'site-inspection-tickets', "id"::text, NULL, 'migration', 'REJECTED', 'PARTIALLY_FILLED',
	'REJECTED is not a state of the site inspection workflow: a rejected inspection goes back to editing'
FROM "tickets" WHERE "kind" = 'SITE_INSPECTION' AND "status" = 'REJECTED' ORDER BY "id";--> statement-breakpoint
UPDATE "tickets" SET "status" = 'PARTIALLY_FILLED', "version" = "version" + 1, "updated_at" = now()
WHERE "kind" = 'SITE_INSPECTION' AND "status" = 'REJECTED';--> statement-breakpoint
INSERT INTO "audit_log" ("entity_type", "entity_id", "actor_user_id", "action", "reason", "changes")
SELECT CASE "kind"
		WHEN 'SITE_INSPECTION' THEN 'site-inspection-tickets'
		WHEN 'CHARGER_APPROVAL' THEN 'charger-approval-tickets'
		WHEN 'HARDWARE_SERVICING' THEN 'hardware-servicing-tickets'
		WHEN 'CHARGER_SERVICING' THEN 'charger-servicing-tickets'
		WHEN 'CUSTOMER_SUPPORT' THEN 'customer-support-tickets'
		WHEN 'DEMO' THEN 'demo-tickets'
		WHEN 'BUNDLE' THEN 'bundle-management-tickets'
		WHEN 'BOOKING_UTILIZATION_ANOMALY' THEN 'booking-utilization-tickets'
		ELSE 'tickets'
	END, "id"::text, NULL, 'migration', 'A closed ticket records why it was closed; none was recorded',
	jsonb_build_object('closeReason', jsonb_build_object('from', NULL, 'to', 'SOURCE'))
FROM "tickets" WHERE "status" = 'CLOSED' AND "close_reason" IS NULL ORDER BY "id";--> statement-breakpoint
UPDATE "tickets" SET "close_reason" = 'SOURCE', "version" = "version" + 1, "updated_at" = now()
WHERE "status" = 'CLOSED' AND "close_reason" IS NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_payout_states" CHECK ("payouts"."status" in ('SCHEDULED', 'PROCESSING', 'FAILED', 'PAID', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_status_settlement_states" CHECK ("settlements"."status" in ('DRAFT', 'PENDING_APPROVAL', 'NOTIFIED', 'SUCCESS', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_order_states" CHECK ("orders"."status" in ('PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_site_inspection_states" CHECK ("tickets"."kind" <> 'SITE_INSPECTION' or "tickets"."status" in ('OPEN', 'PARTIALLY_FILLED', 'SENT_FOR_APPROVAL', 'APPROVED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_charger_installation_states" CHECK ("tickets"."kind" <> 'INSTALLATION' or "tickets"."status" in ('OPEN', 'FORM_FILLED', 'SENT_FOR_APPROVAL', 'READY_FOR_INSTALLATION', 'INSTALLED', 'REJECTED', 'FORCE_CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_delivery_states" CHECK ("tickets"."kind" <> 'DELIVERY' or "tickets"."status" in ('OPEN', 'PACKED', 'IN_TRANSIT', 'DELIVERY_FAILED', 'DELIVERED', 'RETURNED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_consignment_states" CHECK ("tickets"."kind" <> 'CONSIGNMENT' or "tickets"."status" in ('OPEN', 'DISPATCHED', 'RECEIVED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_customer_support_states" CHECK ("tickets"."kind" <> 'CUSTOMER_SUPPORT' or "tickets"."status" in ('OPEN', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'RESOLVED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_demo_states" CHECK ("tickets"."kind" <> 'DEMO' or "tickets"."status" in ('OPEN', 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_bundle_states" CHECK ("tickets"."kind" <> 'BUNDLE' or "tickets"."status" in ('OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_booking_anomaly_states" CHECK ("tickets"."kind" <> 'BOOKING_UTILIZATION_ANOMALY' or "tickets"."status" in ('OPEN', 'UNDER_REVIEW', 'CORRECTED', 'NO_ACTION_NEEDED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_charger_approval_states" CHECK ("tickets"."kind" <> 'CHARGER_APPROVAL' or "tickets"."status" in ('OPEN', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_hardware_servicing_states" CHECK ("tickets"."kind" <> 'HARDWARE_SERVICING' or "tickets"."status" in ('OPEN', 'SCHEDULED', 'IN_SERVICE', 'COMPLETED', 'CLOSED'));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_charger_servicing_states" CHECK ("tickets"."kind" <> 'CHARGER_SERVICING' or "tickets"."status" in ('OPEN', 'SCHEDULED', 'IN_SERVICE', 'COMPLETED', 'CLOSED'));