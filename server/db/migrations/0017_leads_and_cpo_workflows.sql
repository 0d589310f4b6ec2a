ALTER TABLE "opportunity_leads" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cpo_access_requests" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cpo_leads" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_banks" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunity_leads" ADD CONSTRAINT "opportunity_leads_status_opportunity_lead_states" CHECK ("opportunity_leads"."status" in ('NEW', 'CONTACTED', 'INTERESTED', 'KYC_PENDING', 'INVESTED', 'NOT_INTERESTED'));--> statement-breakpoint
ALTER TABLE "cpo_access_requests" ADD CONSTRAINT "cpo_access_requests_status_cpo_access_request_states" CHECK ("cpo_access_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "cpo_leads" ADD CONSTRAINT "cpo_leads_status_cpo_lead_states" CHECK ("cpo_leads"."status" in ('NEW', 'CONTACTED', 'DEMO_SCHEDULED', 'NEGOTIATION', 'ONBOARDED', 'LOST'));--> statement-breakpoint
ALTER TABLE "location_banks" ADD CONSTRAINT "location_banks_status_location_bank_states" CHECK ("location_banks"."status" in ('IDENTIFIED', 'SITE_VISIT_DONE', 'NEGOTIATION', 'APPROVED', 'ALLOCATED', 'REJECTED'));