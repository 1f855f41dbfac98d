ALTER TABLE "seat_assignments" ADD COLUMN "fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Seats already sent in a seat table (or chosen by the group) stay where they are.
UPDATE "seat_assignments" a SET "fixed" = true FROM "bookings" b
WHERE b.booking_id = a.booking_id AND (b.sub_status = 'SAGANO_SEAT_TABLE_SENT' OR b.voucher_confirmed);
