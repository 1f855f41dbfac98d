CREATE TABLE "special_contract_terms" (
	"service_from_date" date PRIMARY KEY NOT NULL,
	"service_to_date" date NOT NULL,
	"name" text NOT NULL,
	"submission_deadline" date NOT NULL,
	"answer_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_contract_terms_period" CHECK ("special_contract_terms"."service_from_date" <= "special_contract_terms"."service_to_date"),
	CONSTRAINT "special_contract_terms_answer" CHECK ("special_contract_terms"."submission_deadline" <= "special_contract_terms"."answer_date" and "special_contract_terms"."answer_date" < "special_contract_terms"."service_from_date")
);
--> statement-breakpoint
-- Special contract periods never overlap: one term answers for any service date.
ALTER TABLE "special_contract_terms" ADD CONSTRAINT "special_contract_terms_no_overlap"
  EXCLUDE USING gist (daterange("service_from_date", "service_to_date", '[]') WITH &&);
