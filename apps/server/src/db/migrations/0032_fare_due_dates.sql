-- Custom SQL migration file, put your code below! --
-- Card fares opened with a due date before the day they were confirmed (a booking confirmed
-- within the group schedule's payment_day_before of its first train) were overdue from the start.
-- They take the domain's fareDueDate (packages/domain/src/payments/due-dates.ts, FARE_MIN_DAYS_TO_PAY
-- = 3): the schedule's date, or the Tokyo day the payment was opened (= confirmed) + 3, never past
-- the first service date; on or after that date, the day confirmed. The schedule is the one
-- covering the first service date (7 days where none does, DEFAULT_PAYMENT_DAY_BEFORE).
-- normal_due_date keeps the date the payment was opened with: the payment panel shows it beside
-- the corrected due date, so the move stays visible.
WITH "fare" AS (
  SELECT p."id",
         (p."issued_at" AT TIME ZONE 'Asia/Tokyo')::date AS "confirmed_on",
         f."first_date",
         coalesce((SELECT gs."payment_day_before" FROM "group_schedules" gs
                   WHERE f."first_date" BETWEEN gs."service_from_date" AND gs."service_to_date"
                   ORDER BY gs."service_from_date" LIMIT 1), 7) AS "days_before"
  FROM "payments" p
  JOIN LATERAL (SELECT min(bs."service_date") AS "first_date" FROM "booking_services" bs WHERE bs."booking_id" = p."booking_id") f ON true
  WHERE p."kind" = 'FARE' AND p."status" IN ('PAYMENT_PENDING', 'INVOICE_PENDING') AND p."due_date" IS NOT NULL AND f."first_date" IS NOT NULL
)
UPDATE "payments" p
SET "due_date" = CASE
      WHEN "fare"."first_date" <= "fare"."confirmed_on" THEN "fare"."confirmed_on"
      ELSE least(greatest("fare"."first_date" - "fare"."days_before", "fare"."confirmed_on" + 3), "fare"."first_date")
    END,
    "updated_at" = now()
FROM "fare"
WHERE p."id" = "fare"."id" AND p."due_date" < "fare"."confirmed_on";
