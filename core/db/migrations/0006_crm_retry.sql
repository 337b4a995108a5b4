ALTER TABLE "crm_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_requests" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "crm_requests_retry_idx" ON "crm_requests" USING btree ("next_attempt_at");--> statement-breakpoint
UPDATE "crm_requests" SET "attempts" = 1, "next_attempt_at" = now() WHERE "delivered_at" IS NULL;