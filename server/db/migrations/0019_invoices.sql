CREATE TABLE "invoice_number_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_number_counters_financial_year_check" CHECK ("invoice_number_counters"."financial_year" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "invoice_number_counters_last_number_check" CHECK ("invoice_number_counters"."last_number" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_status" text DEFAULT 'PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_reminder_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_payment_status_issued_on_id_idx" ON "invoices" USING btree ("payment_status","issued_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_id_key" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
-- hand-written below
-- An invoice's money adds up (taxable value + its GST heads = total), and it is CGST + SGST or IGST, never both.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_sum_check" CHECK ("total_amount" = "taxable_amount" + "cgst" + "sgst" + "igst");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_gst_heads_check" CHECK ("igst" = 0 OR ("cgst" = 0 AND "sgst" = 0));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_status_check" CHECK ("payment_status" IN ('PAID', 'UNPAID'));--> statement-breakpoint
-- Invoices issued before gapless numbering (CZO-INV-…) take numbers of the new series: per financial year (April to
-- March; issued_on is the IST date), in order of issue date, then of id. Each year's counter starts after its last.
UPDATE "invoices" i SET "invoice_number" = 'CZ/' || n.fy || '/' || lpad(n.seq::text, 6, '0')
FROM (
  SELECT id, fy, row_number() OVER (PARTITION BY fy ORDER BY issued_on, id) AS seq
  FROM (
    SELECT id, issued_on,
      (CASE WHEN extract(month FROM issued_on) >= 4 THEN extract(year FROM issued_on)::int ELSE extract(year FROM issued_on)::int - 1 END) AS y
    FROM "invoices"
  ) s, LATERAL (SELECT s.y::text || '-' || lpad(((s.y + 1) % 100)::text, 2, '0') AS fy) f
) n
WHERE n.id = i.id AND i."invoice_number" !~ '^CZ/[0-9]{4}-[0-9]{2}/[0-9]+$';--> statement-breakpoint
INSERT INTO "invoice_number_counters" ("financial_year", "last_number")
SELECT substring("invoice_number" FROM 4 FOR 7), max(substring("invoice_number" FROM 12)::int)
FROM "invoices" WHERE "invoice_number" ~ '^CZ/[0-9]{4}-[0-9]{2}/[0-9]+$' GROUP BY 1
ON CONFLICT ("financial_year") DO UPDATE SET "last_number" = greatest("invoice_number_counters"."last_number", excluded."last_number");--> statement-breakpoint
-- Business (B2B) invoices of the last 90 days wait for payment, on 15 days' terms; the rest were paid with their booking.
UPDATE "invoices" SET "payment_status" = 'UNPAID', "due_on" = "issued_on" + 15 WHERE "customer_gstin" IS NOT NULL AND "issued_on" >= current_date - 90;
