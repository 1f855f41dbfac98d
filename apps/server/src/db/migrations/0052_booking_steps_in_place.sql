-- Issue 35 P1: a booking's insert and every step wrote all sixteen of its indexes (the list's
-- indexes at a million bookings, ADR 022, came on top of the rest). The status index also held the
-- sub-status, so a step that moves only the sub-status (reserve_allotments) could never be written
-- in place; bookings_status_filters_idx leads with status and answers the status lookups alone.
DROP INDEX "bookings_status_idx";--> statement-breakpoint
-- Room on each page for a step's new row version beside the old one, so that a step changing no
-- indexed column is a heap-only update (no index written). Pages written from now on keep it.
ALTER TABLE "bookings" SET (fillfactor = 90);
