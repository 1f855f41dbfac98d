/** The timetable module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { runningServiceDaysSql } from './running-service-days.ts';
export { runningServiceDays } from './service-days.repository.ts';
export { timetableContract } from './timetable.openapi.ts';
export { findServiceTerm, replaceSpecialDayServices, upsertPatterns } from './timetable.repository.ts';
export { timetableRoutes } from './timetable.routes.ts';
export { createTimetableService } from './timetable.service.ts';
