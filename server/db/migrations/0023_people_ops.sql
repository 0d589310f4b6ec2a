ALTER TABLE "host_support_requests" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "host_support_requests" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "host_support_requests" ADD CONSTRAINT "host_support_requests_status_host_support_request_states" CHECK ("host_support_requests"."status" in ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'));--> statement-breakpoint
-- hand-written below
-- Requests resolved or closed before the machine: their note was never asked for; say so rather than leave it empty.
UPDATE "host_support_requests" SET "resolution" = 'Resolved before resolution notes were recorded.' WHERE "status" in ('RESOLVED', 'CLOSED') AND "resolution" IS NULL;
--> statement-breakpoint
-- Audit configurations now take effect (server/audit/write-audit.ts). Until now they changed nothing and every write
-- was audited: each existing configuration audits every kind of write (EXPORT kept as it was), so turning them on
-- changes nothing until staff narrow one down.
UPDATE "audit_configurations" SET "audited_actions" = ARRAY['CREATE', 'UPDATE', 'ACTIVATE', 'INACTIVATE', 'TRANSITION']
  || CASE WHEN 'EXPORT' = ANY("audited_actions") THEN ARRAY['EXPORT'] ELSE ARRAY[]::text[] END;
