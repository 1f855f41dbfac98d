ALTER INDEX "bookings_group_name_trgm" SET (gin_pending_list_limit = 64);
