import type { Icon } from '@tabler/icons-react';
import { IconDashboard, IconKey, IconListSearch, IconMail, IconUsers } from '@tabler/icons-react';
import { IconArmchair2, IconCalendarSearch, IconHandStop } from '@tabler/icons-react';
import { IconCalendarEvent, IconChecklist, IconStar, IconTrain } from '@tabler/icons-react';
import { IconCalendarCog, IconCalendarTime, IconLayoutGrid } from '@tabler/icons-react';
import { IconReceiptYen, IconCoinYen, IconFileCertificate, IconUsersPlus } from '@tabler/icons-react';
import { IconBell, IconBuilding, IconBuildingStore, IconTicket } from '@tabler/icons-react';
import { IconApi, IconShieldLock, IconUsersGroup, IconWebhook } from '@tabler/icons-react';
import { IconFileSpreadsheet, IconFileUpload } from '@tabler/icons-react';
import { IconBuildingBank, IconReceiptRefund } from '@tabler/icons-react';
import { IconChartBar } from '@tabler/icons-react';
import { IconCalendarDollar } from '@tabler/icons-react';
import { IconClockPlay } from '@tabler/icons-react';
import { IconBolt, IconTags } from '@tabler/icons-react';
import type { MenuEntryKey } from '@sagano/domain/auth/menu-access';

export interface BuiltMenuEntry {
  key: MenuEntryKey;
  path: string;
  icon: Icon;
}

/**
 * The sidebar entries whose screens exist. Which of them a user sees is the domain's rule
 * (visibleMenuGroups); a later issue adds its screen here and nothing else changes.
 */
export const BUILT_MENU_ENTRIES = [
  { key: 'dashboard', path: '/dashboard', icon: IconDashboard },
  { key: 'notifications', path: '/notifications', icon: IconBell },
  { key: 'bookings', path: '/bookings', icon: IconTicket },
  { key: 'searchAllotments', path: '/search-allotments', icon: IconCalendarSearch },
  { key: 'bulkOperation', path: '/bulk-operation', icon: IconFileUpload },
  { key: 'payments', path: '/payments', icon: IconReceiptYen },
  { key: 'sales', path: '/sales', icon: IconChartBar },
  { key: 'monthlyReport', path: '/monthly-report', icon: IconCalendarDollar },
  { key: 'inventoryArrangements', path: '/inventory-arrangements', icon: IconArmchair2 },
  { key: 'report', path: '/report', icon: IconFileSpreadsheet },
  { key: 'suspended', path: '/suspended', icon: IconHandStop },
  { key: 'operationLogs', path: '/operation-logs', icon: IconListSearch },
  { key: 'mails', path: '/mails', icon: IconMail },
  { key: 'jobs', path: '/jobs', icon: IconClockPlay },
  { key: 'users', path: '/users', icon: IconUsers },
  { key: 'agents', path: '/agents', icon: IconBuildingStore },
  { key: 'basicInfo', path: '/basic-info', icon: IconBuilding },
  { key: 'bankAccounts', path: '/bank-accounts', icon: IconBuildingBank },
  { key: 'services', path: '/services', icon: IconTrain },
  { key: 'patternCalendar', path: '/pattern-calendar', icon: IconCalendarEvent },
  { key: 'specialDays', path: '/special-days', icon: IconStar },
  { key: 'arrangementApplication', path: '/arrangement-application', icon: IconCalendarCog },
  { key: 'arrangementPattern', path: '/arrangement-pattern', icon: IconLayoutGrid },
  { key: 'units', path: '/units', icon: IconTags },
  { key: 'freeCountPlans', path: '/free-count-plans', icon: IconUsersPlus },
  { key: 'groupPricingPlans', path: '/group-pricing-plans', icon: IconCoinYen },
  { key: 'cancellationPolicy', path: '/cancellation-policy', icon: IconReceiptRefund },
  { key: 'groupSchedules', path: '/group-schedules', icon: IconCalendarTime },
  { key: 'specialContractTerms', path: '/special-contract-terms', icon: IconFileCertificate },
  { key: 'instantConfirmationRules', path: '/instant-confirmation-rules', icon: IconBolt },
  { key: 'approvals', path: '/approvals', icon: IconChecklist },
  { key: 'agentStaffs', path: '/staff', icon: IconUsersGroup },
  { key: 'apiKeys', path: '/api-keys', icon: IconApi },
  { key: 'webhooks', path: '/webhooks', icon: IconWebhook },
  { key: 'twoFactor', path: '/two-factor', icon: IconShieldLock },
  { key: 'changePassword', path: '/change-password', icon: IconKey },
] as const satisfies readonly BuiltMenuEntry[];
