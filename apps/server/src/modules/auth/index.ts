/** The auth module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { clearTotp, deleteAccount, deleteAccountsIn, emailTaken, findAccountByEmail, findAccountById, insertAccount, sealPlainTotpSecrets, setAccountEmail, touchAccount } from './accounts.repository.ts';
export { authContract } from './auth.openapi.ts';
export { authRoutes } from './auth.routes.ts';
export { createAuthService, type AuthService } from './auth.service.ts';
export { operatorLabel, sessionUserOf, type Principal } from './principal.ts';
export { deleteSessionsOf } from './sessions.repository.ts';
export { EVERY_TENANT, canSee, inTenantScope, tenantScopeOf, tenantScopeSql, type TenantScope } from './tenant-scope.ts';
