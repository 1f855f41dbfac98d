import type { ErrorCode } from '@sagano/domain/common/errors';
import jaAuth from '../locales/ja/auth.json';
import jaCommon from '../locales/ja/common.json';
import jaDashboard from '../locales/ja/dashboard.json';
import jaErrors from '../locales/ja/errors.json';
import jaMails from '../locales/ja/mails.json';
import jaOperationLogs from '../locales/ja/operationLogs.json';
import jaShell from '../locales/ja/shell.json';
import jaUsers from '../locales/ja/users.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enErrors from '../locales/en/errors.json';
import enMails from '../locales/en/mails.json';
import enOperationLogs from '../locales/en/operationLogs.json';
import enShell from '../locales/en/shell.json';
import enUsers from '../locales/en/users.json';

/** One namespace per feature; ja is the reference language the keys are typed from. */
export const ja = {
  common: jaCommon,
  shell: jaShell,
  auth: jaAuth,
  dashboard: jaDashboard,
  users: jaUsers,
  operationLogs: jaOperationLogs,
  mails: jaMails,
  // Every error code of the API has a message (the locales test checks en against ja).
  errors: jaErrors satisfies Record<ErrorCode, string>,
};

export type Resources = typeof ja;
export type Namespace = keyof Resources;

// Typed as ja: a key missing from en fails the type check (the locales test also catches extra keys).
export const en: Resources = {
  common: enCommon,
  shell: enShell,
  auth: enAuth,
  dashboard: enDashboard,
  users: enUsers,
  operationLogs: enOperationLogs,
  mails: enMails,
  errors: enErrors,
};

export const NAMESPACES = Object.keys(ja) as Namespace[];
