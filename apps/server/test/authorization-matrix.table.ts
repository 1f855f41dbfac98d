/**
 * The authorization policy the matrix test checks (authorization-matrix.test.ts): one row per
 * route the server registers, one outcome per kind of caller. Kept apart from the test's
 * machinery so the policy reads as a table (DESIGN §1).
 */
export const CALLERS = ['admin', 'staff', 'station', 'train', 'agentAdmin', 'agentStaff', 'branchAdmin', 'branchStaff', 'agentKey', 'branchKey', 'anonymous'] as const;
export type Caller = (typeof CALLERS)[number];
const OUTCOMES = ['ok', 'own', '403', '401'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Who may do what. Columns: operator admin, back-office staff, station staff, train crew, agent
 * admin, agent staff (head office), branch admin, branch staff, the head office's API key, the
 * branch's API key, anonymous. Station staff: their session, the dashboard, bookings (list, detail,
 * history, notes, the voucher and seat table) and nothing of money, booking, seat inquiry,
 * master data or accounts. API keys: what agent staff may call, never accounts, keys or staff.
 */
const MATRIX = `
route                                                                    adm stf stn trn agA agS brA brS kyA kyB ano
GET /health                                                              ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /ready                                                               ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
POST /v1/auth/login                                                      ok  ok  ok  ok  ok  ok  ok  ok  403 403 ok
POST /v1/auth/logout                                                     ok  ok  ok  401 ok  ok  ok  ok  403 403 401
GET /v1/auth/me                                                          ok  ok  ok  401 ok  ok  ok  ok  403 403 401
POST /v1/auth/totp/setup                                                 ok  ok  ok  401 ok  ok  ok  ok  403 403 401
POST /v1/auth/totp/confirm                                               ok  ok  ok  401 ok  ok  ok  ok  403 403 401
DELETE /v1/auth/totp                                                     ok  ok  ok  401 ok  ok  ok  ok  403 403 401
PUT /v1/auth/password                                                    ok  ok  ok  401 ok  ok  ok  ok  403 403 401
POST /v1/reset-password                                                  ok  ok  ok  ok  ok  ok  ok  ok  403 403 ok
PUT /v1/reset-password                                                   ok  ok  ok  ok  ok  ok  ok  ok  403 403 ok
GET /v1/users                                                            ok  403 403 401 403 403 403 403 403 403 401
GET /v1/users/:uid                                                       ok  403 403 401 403 403 403 403 403 403 401
POST /v1/users                                                           ok  403 403 401 403 403 403 403 403 403 401
PUT /v1/users                                                            ok  403 403 401 403 403 403 403 403 403 401
DELETE /v1/users/:uid                                                    ok  403 403 401 403 403 403 403 403 403 401
POST /v1/users/send_password_reset_email                                 ok  403 403 401 403 403 403 403 403 403 401
POST /v1/operation-logs                                                  ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/operation-logs/:id                                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/outbox-mails                                                     ok  403 403 401 403 403 403 403 403 403 401
GET /v1/outbox-mails/:id                                                 ok  403 403 401 403 403 403 403 403 403 401
GET /v1/outbox-mails/:id/attachments/:attachment_id                      ok  403 403 401 403 403 403 403 403 403 401
GET /v1/mail-kinds                                                       ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/mail-kinds/:kind/preview                                         ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/stations                                                         ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/units                                                            ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/trains                                                           ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/arrangements-types                                               ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/arrangement-types                                                ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/pricing_plans                                                    ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/pricing_plans/:id                                                ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/pricing_plans                                                   ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/pricing_plans/:id                                                ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/pricing_plans/:id                                             ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/group-product/pricing_plans                                      ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/group-product/pricing_plans/:id                                  ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/group-product/pricing_plans                                     ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/group-product/pricing_plans/:id                                  ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/group-product/pricing_plans/:id                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/free_count_plans                                                 ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/free_count_plans/:id                                             ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/free_count_plans                                                ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/group-product/free_count_plans                                   ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/group-product/free_count_plans/:id                               ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/group-product/free_count_plans                                  ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/free_count_plans/:id                                             ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/group-product/free_count_plans/:id                            ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/pricing/:date                                                    ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/products                                                         ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/products/:id                                                     ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
POST /v1/products                                                        ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/products/:id                                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/instant-confirmation-rules                                       ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/instant-confirmation-rules/:id                                   ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/instant-confirmation-rules                                      ok  403 403 401 403 403 403 403 403 403 401
PUT /v1/instant-confirmation-rules/:id                                   ok  403 403 401 403 403 403 403 403 403 401
POST /v1/instant-confirmation-rules/:id/disable                          ok  403 403 401 403 403 403 403 403 403 401
GET /v1/master-data/group-schedules                                      ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/group-schedules/:applied_from_service_date           ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/master-data/group-schedules                                     ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/master-data/group-schedules/:applied_from_service_date           ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/special-contract-terms                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/special-contract-terms/:applied_from_service_date    ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/master-data/special-contract-terms                              ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/master-data/special-contract-terms/:applied_from_service_date    ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/master-data/special-contract-terms/:applied_from_service_date ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/operator-basic-info/logo                             ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/master-data/operator-basic-info/logo                          ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/operator-basic-info/stamp                            ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/master-data/operator-basic-info/stamp                         ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/operator-basic-info                                  ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/master-data/operator-basic-info                                  ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/bank-accounts                                        ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/bank-accounts/:id                                    ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/master-data/bank-accounts                                       ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/master-data/bank-accounts/:id                                    ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/master-data/cancellation-policy                                  ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/cancellation-policy                                              ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
PUT /v1/master-data/cancellation-policy                                  ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/units                                                           ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/service-terms                                                    ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/service-terms                                                   ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/service-terms/:id/services                                       ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/service-terms/:id/services                                      ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/services/:id                                                     ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/services/:id                                                  ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/service-terms/:id/services/pattern-calendar                      ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/service-terms/:id/services/pattern-calendar                      ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/service-terms/:id/services/special-days                          ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/service-terms/:id/services/special-days                          ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/daily-services/:date                                             ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/diagrams                                                         ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/search-services                                                  ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/services-pattern-calendar/:year_month                            ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/approvals                                                        ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/approvals/:id                                                    ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/approvals/:id/affected-bookings                                  ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/approvals/:id/approve                                            ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/approvals/:id/reject                                             ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/arrangements-patterns                                            ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/arrangements-patterns/:id                                        ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/arrangements-patterns                                           ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/arrangements-patterns/:id                                        ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/arrangements-patterns/:id                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/service-terms/:service_term_id/arrangements-application-terms    ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/service-terms/:service_term_id/arrangements-application-terms   ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/arrangements-application-terms/:id                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/allotments/calendar/:year/:month                                 ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/allotments/:service_day                                          ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/inventories/:date/services/:service_id                           ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/inventories/arrangements                                         ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/search-inventory                                                ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/search-inventory/:date/:arrangement_type_ids                     ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
PUT /v1/services/:service_ids/status                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/services/:service_ids/affected-bookings                          ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings                                                        ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/bookings/service_orders/search                                   ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/bookings/payments/search                                         ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/bookings/service_orders/by-service/:service_date/:service_id     ok  ok  ok  401 403 403 403 403 403 403 401
POST /v1/bookings/calculate_amount                                       ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/bookings/:booking_id                                             ok  ok  ok  own own own own own own own own
GET /v1/bookings/:booking_id/cancellation_fee                            ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/cancellation_policy                         ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/mail_templates/:mail_template               ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/reserve_allotments                         ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/reserve                                    ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/release_allotments                         ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/confirm_booking                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/refuse_booking                             ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/cancel                                     ok  ok  403 401 own own own own own own 401
POST /v1/bookings/:booking_id/confirm_cancellation                       ok  ok  403 401 own own own own own own 401
POST /v1/bookings/:booking_id/decline_cancellation                       ok  ok  403 401 own own own own own own 401
POST /v1/bookings/:booking_id/request_seat_assignment                    ok  ok  403 401 own own own own own own 401
POST /v1/bookings/:booking_id/accept_modification                        ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/reject_modification                        ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/select_priority                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/assign_operator                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/add_special_note                           ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/update_from_to_station                     ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/bookings/:booking_id/params                                      ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/notes                                       ok  ok  ok  401 own own own own own own 401
POST /v1/bookings/:booking_id/notes                                      ok  ok  ok  401 own own own own own own 401
POST /v1/notes/:note_id                                                  ok  ok  ok  401 own own own own own own 401
GET /v1/bookings/:booking_id/seats                                       ok  ok  ok  own own own own own own own own
POST /v1/bookings/:booking_id/assign_seats                               ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/assign_seats_ok                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/assign_seats_ng                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/release-seats                              ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/send_seat_table                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/confirm_voucher                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/send_voucher                               ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/resend_documents                           ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/bookings/:booking_id/seat_table.pdf                              ok  ok  ok  401 own own own own own own 401
GET /v1/bookings/:booking_id/voucher.pdf                                 ok  ok  ok  401 own own own own own own 401
GET /v1/bookings/:booking_id/summary                                     own own own own own own own own own own own
GET /v1/bookings/:booking_id/Voucher                                     own own own own own own own own own own own
GET /voucher/:booking_id/:token                                          own own own own own own own own own own own
PUT /v1/bookings/:booking_id/change-seat                                 own own own own own own own own own own own
POST /v1/reservations/check                                              ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/notifications/booking                                            ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/notifications/payment                                            ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/notifications/unread-count                                       ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
PUT /v1/notifications/:notification_id/read                              ok  ok  403 401 own own own own own own 401
POST /v1/notifications/read-all                                          ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
DELETE /v1/notifications/:notification_id                                ok  ok  403 401 own own own own own own 401
GET /v1/dashboard/summary                                                ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/dashboard/departures                                             ok  ok  ok  401 403 403 403 403 403 403 401
GET /v1/messages                                                         ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/messages/:message_id                                             ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
POST /v1/messages                                                        ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/messages/order                                                   ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/messages/:message_id                                             ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/messages/:message_id                                          ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/messages/:message_id/attachments/:attachment_id               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/messages/:message_id/attachments/:attachment_id                  ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/agents                                                           ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/agents                                                          ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/agents/:id                                                       ok  ok  403 401 own own 403 403 403 403 401
PUT /v1/agents/:id                                                       ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/agents/:id                                                    ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/agents/:id/two_factor                                            ok  ok  403 401 own 403 403 403 403 403 401
GET /v1/csv/agents                                                       ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/agent_groups                                                    ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/agent_groups/:id                                                 ok  ok  403 401 own own own own 403 403 401
PUT /v1/agent_groups/:id                                                 ok  ok  403 401 403 403 403 403 403 403 401
DELETE /v1/agent_groups/:id                                              ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/agent_staffs                                                     ok  ok  403 401 ok  ok  ok  ok  403 403 401
POST /v1/agent_staffs                                                    ok  ok  403 401 ok  403 ok  403 403 403 401
PUT /v1/agent_staffs/:id                                                 ok  ok  403 401 own 403 own 403 403 403 401
DELETE /v1/agent_staffs/:id                                              ok  ok  403 401 own 403 own 403 403 403 401
POST /v1/agent_staffs/:id/send_password_reset_email                      ok  ok  403 401 own 403 own 403 403 403 401
POST /v1/agent_staffs/:id/unenroll_totp                                  ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/api-keys                                                         403 403 403 401 ok  403 403 403 403 403 401
POST /v1/api-keys                                                        403 403 403 401 ok  403 403 403 403 403 401
DELETE /v1/api-keys/:id                                                  403 403 403 401 own 403 403 403 403 403 401
GET /v1/webhook-endpoints                                                403 403 403 401 ok  403 403 403 403 403 401
POST /v1/webhook-endpoints                                               403 403 403 401 ok  403 403 403 403 403 401
PUT /v1/webhook-endpoints/:id                                            403 403 403 401 own 403 403 403 403 403 401
DELETE /v1/webhook-endpoints/:id                                         403 403 403 401 own 403 403 403 403 403 401
POST /v1/webhook-endpoints/:id/rotate-secret                             403 403 403 401 own 403 403 403 403 403 401
POST /v1/webhook-endpoints/:id/test                                      403 403 403 401 own 403 403 403 403 403 401
GET /v1/webhook-endpoints/:id/deliveries                                 403 403 403 401 own 403 403 403 403 403 401
POST /v1/webhook-endpoints/:id/deliveries/:delivery_id/redeliver         403 403 403 401 own 403 403 403 403 403 401
POST /v1/bookings/:booking_id/payments/:payment_id/checkout              403 403 403 401 own own own own own own 401
POST /v1/bookings/:booking_id/payments/:payment_id/report_coupon         403 403 403 401 own own own own own own 401
PUT /v1/bookings/:booking_id/payments/:payment_id/coupon_number          ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/payments/:payment_id/bank_transfers        ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/payments/:payment_id/refund                ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/payments/:payment_id/refund_paid           ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/:booking_id/adjust_amount                              ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/bookings/:booking_id/set_cancel_payment_finished                 ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/sandbox-gateway/checkouts/:ref                                   ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
POST /v1/sandbox-gateway/checkouts/:ref/pay                              ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
POST /v1/sandbox-gateway/checkouts/:ref/confirm                          ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/bookings/:booking_id/payments/:payment_id/invoice.pdf            ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/payments/:payment_id/receipt.pdf            ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/payments/:payment_id/return-invoice.pdf     ok  ok  403 401 own own own own own own 401
GET /v1/bookings/:booking_id/invoices/:payment_id                        own own own own own own own own own own own
GET /v1/bookings/:booking_id/invoices/:payment_id.pdf                    own own own own own own own own own own own
GET /v1/bookings/:booking_id/invoices/:payment_id/logo                   own own own own own own own own own own own
GET /v1/bookings/:booking_id/invoices/:payment_id/stamp                  own own own own own own own own own own own
GET /v1/sales/summary                                                    ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/settlements/agent                                                ok  ok  403 401 ok  ok  ok  ok  ok  ok  401
GET /v1/settlements/group/:agent_settlement_id                           ok  ok  403 401 own own own own own own 401
GET /v1/settlements/payment/:group_settlement_id                         ok  ok  403 401 own own own own own own 401
GET /v1/settlements/group/:group_settlement_id/invoice.pdf               ok  ok  403 401 own own own own own own 401
PUT /v1/settlements/payment/:agent_settlement_id                         ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/settlements/run                                                 ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/bookings                                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/bookings/download                                            ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/sales                                                        ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/sales/download                                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/services                                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/services/download                                            ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/prepaid-agent-payment                                        ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/prepaid-agent-payment/download                               ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/booking-summary                                              ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/csv/booking-summary/download                                     ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/jobs                                                             ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/jobs/:name/run                                                  ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/bulk-reserve-allotments                                ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/bookings/bulk-confirm-booking                                   ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/bulk-reservations                                                ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/bulk-reservations/:id                                            ok  ok  403 401 403 403 403 403 403 403 401
GET /v1/bulk-reservations/:id/result.csv                                 ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/system/backups                                                  ok  403 403 401 403 403 403 403 403 403 401
GET /v1/events                                                           ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/openapi.json                                                     ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
PUT /v1/master-data/operator-basic-info/logo                             ok  ok  403 401 403 403 403 403 403 403 401
PUT /v1/master-data/operator-basic-info/stamp                            ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/messages/:message_id/attachments                                ok  ok  403 401 403 403 403 403 403 403 401
POST /v1/payment-webhooks/:gateway                                       ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok
GET /v1/docs/static/theme/sagano.css                                     ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs                                                             ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs/static/index.html                                           ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs/static/swagger-initializer.js                               ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs/json                                                        ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs/yaml                                                        ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /v1/docs/static/*                                                    ok  ok  ok  401 ok  ok  ok  ok  ok  ok  401
GET /octo/capabilities                                                   403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/supplier                                                       403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/products                                                       403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/products/:id                                                   403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/availability/calendar                                         403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/availability                                                  403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/bookings                                                      403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/bookings                                                       403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/bookings/:uuid                                                 403 403 403 401 403 403 403 403 ok  ok  401
PATCH /octo/bookings/:uuid                                               403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/bookings/:uuid/extend                                         403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/bookings/:uuid/confirm                                        403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/bookings/:uuid/cancel                                         403 403 403 401 403 403 403 403 ok  ok  401
DELETE /octo/bookings/:uuid                                              403 403 403 401 403 403 403 403 ok  ok  401
GET /octo/webhooks                                                       403 403 403 401 403 403 403 403 ok  ok  401
POST /octo/webhooks                                                      403 403 403 401 403 403 403 403 ok  ok  401
DELETE /octo/webhooks/:id                                                403 403 403 401 403 403 403 403 ok  ok  401
`;

/** The table as route → caller → outcome. */
export function parseMatrix(): Map<string, Record<Caller, Outcome>> {
  const table = new Map<string, Record<Caller, Outcome>>();
  for (const line of MATRIX.split('\n').slice(2)) {
    if (!line.trim()) continue;
    const [method, url, ...cells] = line.trim().split(/\s+/);
    const key = `${method} ${url}`;
    if (cells.length !== CALLERS.length || !cells.every((c) => (OUTCOMES as readonly string[]).includes(c))) throw new Error(`authorization matrix: bad row ${line}`);
    if (table.has(key)) throw new Error(`authorization matrix: ${key} twice`);
    table.set(key, Object.fromEntries(CALLERS.map((caller, i) => [caller, cells[i] as Outcome])) as Record<Caller, Outcome>);
  }
  return table;
}
