CREATE TABLE "operator_basic_info" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tel" text NOT NULL,
	"business_hours" text NOT NULL,
	"address" text NOT NULL,
	"invoice_number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_basic_info_single_row" CHECK ("operator_basic_info"."id" = 1)
);
--> statement-breakpoint
-- The one row, with the operator's details as the product ships; the back office edits it (基本情報).
INSERT INTO "operator_basic_info" ("id", "name", "tel", "business_hours", "address", "invoice_number")
VALUES (1, '嵯峨野観光鉄道株式会社', '075-861-7444', '9:00〜17:00', '京都市右京区嵯峨天龍寺車道町', '');
