ALTER TABLE "agent_settlements" DROP CONSTRAINT "agent_settlements_sum";--> statement-breakpoint
ALTER TABLE "group_settlements" DROP CONSTRAINT "group_settlements_sum";--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD COLUMN "received_e6" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "group_settlements" ADD COLUMN "received_e6" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_sum" CHECK ("agent_settlements"."amount_e6" = "agent_settlements"."fare_e6" + "agent_settlements"."discrepancy_e6" + "agent_settlements"."fee_e6" - "agent_settlements"."received_e6");--> statement-breakpoint
ALTER TABLE "group_settlements" ADD CONSTRAINT "group_settlements_sum" CHECK ("group_settlements"."amount_e6" = "group_settlements"."fare_e6" + "group_settlements"."discrepancy_e6" + "group_settlements"."fee_e6" - "group_settlements"."received_e6");