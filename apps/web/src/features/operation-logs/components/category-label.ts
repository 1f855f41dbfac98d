import type { TFunction } from 'i18next';
import { OPERATION_LOG_CATEGORIES, isOperationName, type OperationLogCategory } from '@sagano/domain/audit/operation-log-schemas';

export function isOperationLogCategory(value: string | null | undefined): value is OperationLogCategory {
  return value != null && (OPERATION_LOG_CATEGORIES as readonly string[]).includes(value);
}

/** The category in words; a category this client does not know yet is shown as sent. */
export function categoryLabel(category: string, t: TFunction<'operationLogs'>): string {
  return isOperationLogCategory(category) ? t(`categories.${category}`) : category;
}

/** A call logged by its method and path (an API key's read, a route without a name of its own). */
const API_CALL = /^(GET|HEAD|POST|PUT|PATCH|DELETE) \/v1\//;

/** Whether the operation is a call logged by its method and path rather than by a name. */
export function isApiCall(operation: string): boolean {
  return !isOperationName(operation) && API_CALL.test(operation);
}

/**
 * The operation in words. A call logged by its method and path reads as a read or a call through
 * the API (its path and body stay in the detail's request); an operation this client does not know
 * yet is shown by its name.
 */
export function operationLabel(operation: string, t: TFunction<'operationLogs'>): string {
  if (isOperationName(operation)) return t(`operations.${operation}`);
  const api = API_CALL.exec(operation);
  if (api) return api[1] === 'GET' || api[1] === 'HEAD' ? t('apiRead') : t('apiCall');
  return operation;
}
