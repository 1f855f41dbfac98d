CREATE TABLE "instant_confirmation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"agent_ids" jsonb,
	"channels" jsonb NOT NULL,
	"max_participants" integer NOT NULL,
	"min_days_ahead" integer NOT NULL,
	"only_sufficient_level" boolean NOT NULL,
	"auto_assign_seats" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instant_confirmation_rules_values" CHECK ("instant_confirmation_rules"."max_participants" >= 1 and "instant_confirmation_rules"."min_days_ahead" >= 0 and "instant_confirmation_rules"."version" >= 1),
	CONSTRAINT "instant_confirmation_rules_channels" CHECK (jsonb_typeof("instant_confirmation_rules"."channels") = 'array' and jsonb_array_length("instant_confirmation_rules"."channels") >= 1
      and "instant_confirmation_rules"."channels" <@ '["PORTAL", "API", "OCTO", "BACK_OFFICE"]'::jsonb),
	CONSTRAINT "instant_confirmation_rules_agent_ids" CHECK ("instant_confirmation_rules"."agent_ids" is null or jsonb_typeof("instant_confirmation_rules"."agent_ids") = 'array')
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_target";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel" text DEFAULT 'PORTAL' NOT NULL;--> statement-breakpoint
-- Existing bookings: an API key's (its account id is the key's, apiKeyAccountId), operator staff's, else an agent's screen.
UPDATE "bookings" b SET "channel" = CASE WHEN b."created_by"::text LIKE '00000000-0000-4000-8000-%' THEN 'API' ELSE 'BACK_OFFICE' END
WHERE b."created_by"::text LIKE '00000000-0000-4000-8000-%'
   OR b."author"->>'type' = 'ADMIN'
   OR EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = b."created_by" AND a."kind" = 'OPERATOR');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "instant_confirmation_rule_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_instant_confirmation_rule_id_instant_confirmation_rules_id_fk" FOREIGN KEY ("instant_confirmation_rule_id") REFERENCES "public"."instant_confirmation_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_target" CHECK ("approvals"."target" in ('SERVICE_TERM_INSERT', 'SERVICE_DAY_PATTERN_CHANGE', 'ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND', 'SERVICE_DAY_SERVICE_APPEND', 'INSTANT_CONFIRMATION_RULE_INSERT', 'INSTANT_CONFIRMATION_RULE_UPDATE'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel" CHECK ("bookings"."channel" in ('PORTAL', 'API', 'OCTO', 'BACK_OFFICE'));