import type { TFunction } from 'i18next';
import { OPERATION_LOG_CATEGORIES, isOperationName, type OperationLogCategory } from '@sagano/domain/audit/operation-log-schemas';

export function isOperationLogCategory(value: string | null | undefined): value is OperationLogCategory {
  return value != null && (OPERATION_LOG_CATEGORIES as readonly string[]).includes(value);
}

/** The category in words; a category this client does not know yet is shown as sent. */
export function categoryLabel(category: string, t: TFunction<'operationLogs'>): string {
  return isOperationLogCategory(category) ? t(`categories.${category}`) : category;
}

/** The operation in words; an operation this client does not know yet is shown by its name. */
export function operationLabel(operation: string, t: TFunction<'operationLogs'>): string {
  return isOperationName(operation) ? t(`operations.${operation}`) : operation;
}
