ALTER TABLE "scheduled_effects" DROP CONSTRAINT "scheduled_effects_kind";--> statement-breakpoint
ALTER TABLE "scheduled_effects" ADD CONSTRAINT "scheduled_effects_kind" CHECK ("scheduled_effects"."kind" in ('ALLOTMENT_RELEASE', 'UNANSWERED_BEFORE_RELEASE', 'PAYMENT_REMINDER', 'PAYMENT_OVERDUE', 'CONTRACT_ANSWER_DUE', 'WAITLIST_PROMOTION', 'MONTHLY_INVOICE_MAIL'));--> statement-breakpoint
-- Every monthly invoice issued so far was mailed in its billing's transaction: its delivery is
-- recorded as done, so the delivery job's start-up and sweep send none of them again (ADR 035).
INSERT INTO "scheduled_effects" ("kind", "subject", "effect_date", "detail")
SELECT 'MONTHLY_INVOICE_MAIL', 'invoice:' || d."id", d."issued_on",
       jsonb_build_object('group_settlement_id', g."id", 'invoice_number', d."document_number", 'mailed_with_billing', true)
FROM "group_settlements" g JOIN "invoice_documents" d ON d."id" = g."invoice_document_id"
ON CONFLICT ("kind", "subject", "effect_date") DO NOTHING;
