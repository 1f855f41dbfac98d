import type { AgentType } from '../agents/agent-constants.ts';
import { capabilitiesOf, type AccountKind, type Role, type UserGroup } from './roles.ts';

/**
 * The sidebar of the specification (spec 000 §2), group by group. Screens are added issue by
 * issue: a client passes the entries it has built, and these rules decide which of them a user
 * sees and may open. `mails` (the outbox of sent mails) is this product's addition.
 */
export const MENU_GROUPS = {
  main: ['dashboard'],
  groupManager: ['notifications', 'bookings', 'searchAllotments', 'bulkOperation'],
  // The spec's sales (売上管理, /sales, the back office's) and monthly report; the payments list
  // (入金管理, お支払い in the agent portal) keeps its place first, under its own name.
  sales: ['payments', 'sales', 'monthlyReport'],
  // jobs (定期処理: the scheduled work, issue 18) is this product's addition.
  service: ['inventoryArrangements', 'report', 'suspended', 'operationLogs', 'mails', 'jobs'],
  // agentStaffs and twoFactor are the agent portal's (issue 6), apiKeys (issue 21) and webhooks (issue 37) too: operators never see them.
  account: ['users', 'agents', 'agentStaffs', 'apiKeys', 'webhooks', 'twoFactor', 'changePassword'],
  master: [
    'basicInfo',
    'bankAccounts',
    'services',
    'patternCalendar',
    'specialDays',
    'arrangementApplication',
    'arrangementPattern',
    // The fare units' screen is this product's addition (spec 000 §3 "Unit", POST /v1/units).
    'units',
    'freeCountPlans',
    'groupPricingPlans',
    // The cancellation policy's screen is this product's addition (spec 001 §9.7 names it master data).
    'cancellationPolicy',
    'groupSchedules',
    'specialContractTerms',
    // Instant confirmation rules (issue 37) are this product's addition.
    'instantConfirmationRules',
    'approvals',
  ],
} as const;

export type MenuGroupKey = keyof typeof MENU_GROUPS;
export type MenuEntryKey = (typeof MENU_GROUPS)[MenuGroupKey][number];

export const MENU_GROUP_KEYS = Object.keys(MENU_GROUPS) as MenuGroupKey[];
export const MENU_ENTRY_KEYS: readonly MenuEntryKey[] = MENU_GROUP_KEYS.flatMap((g) => MENU_GROUPS[g]);

export function menuGroupOf(key: MenuEntryKey): MenuGroupKey {
  const group = MENU_GROUP_KEYS.find((g) => (MENU_GROUPS[g] as readonly MenuEntryKey[]).includes(key));
  if (!group) throw new Error(`menu entry without a group: ${key}`);
  return group;
}

type MenuUser = {
  kind: AccountKind;
  role: Role;
  user_group?: UserGroup | null;
  /** The agent's contract type (agent staff): a FREE agent pays by card and has no monthly invoice. */
  agent_type?: AgentType | null | undefined;
  /** The agent requires two-factor sign-in and the account has not enrolled yet. */
  totp_setup_required?: boolean;
};

/** Screens every signed-in account may open, whatever its role. */
const OPEN_TO_ALL: readonly MenuEntryKey[] = ['dashboard', 'changePassword'];
/** Back-office admins only (capabilities.manageUsers). */
const ADMIN_ONLY: readonly MenuEntryKey[] = ['users', 'mails'];
/** Station users work with the dashboard and bookings only (spec 000 §6). */
const STATION_ENTRIES: readonly MenuEntryKey[] = ['dashboard', 'bookings'];
/**
 * The agent portal (issue 6): every agent staff member books, reads notifications, sees what is
 * to pay (`payments`: the payments list, issue 15, scoped by the server to the agent or branch) and
 * guards their sign-in; `monthlyReport` (月次請求, issue 17) lists its own monthly settlements and
 * invoices (a branch its own, scoped by the server).
 */
const AGENT_ENTRIES: readonly MenuEntryKey[] = ['dashboard', 'notifications', 'bookings', 'searchAllotments', 'payments', 'monthlyReport', 'twoFactor', 'changePassword'];
/** Staff management: admins of the head office (every group of the agent) and of a branch (that branch). */
const AGENT_ADMIN_ENTRIES: readonly MenuEntryKey[] = ['agentStaffs'];
const AGENT_ADMIN_ROLES: readonly Role[] = ['agentAdmin', 'groupAdmin'];
/** API keys and webhooks for the agent's own systems (issues 21, 37): the agent's administrators (head office ADMIN) only. */
const AGENT_HEAD_ADMIN_ENTRIES: readonly MenuEntryKey[] = ['apiKeys', 'webhooks'];
/** The portal's own screens: operators never open them. */
const AGENT_ONLY: readonly MenuEntryKey[] = ['agentStaffs', 'apiKeys', 'webhooks', 'twoFactor'];
/** Where an account that must set up two-factor sign-in is held until it does. */
export const TOTP_SETUP_ENTRY = 'twoFactor' satisfies MenuEntryKey;

/** Whether the account may open the screen behind a menu entry: the route guard's rule. */
export function mayOpenMenuEntry(user: MenuUser, key: MenuEntryKey): boolean {
  const caps = capabilitiesOf(user);
  if (caps.agentPortal) {
    // Nothing else opens until two-factor sign-in is set up (the server refuses the rest as well).
    if (user.totp_setup_required) return key === TOTP_SETUP_ENTRY;
    if (AGENT_HEAD_ADMIN_ENTRIES.includes(key)) return user.role === 'agentAdmin';
    if (AGENT_ADMIN_ENTRIES.includes(key)) return AGENT_ADMIN_ROLES.includes(user.role);
    // A FREE agent pays each booking by card: there is no monthly invoice to show it.
    if (key === 'monthlyReport' && user.agent_type === 'FREE') return false;
    return AGENT_ENTRIES.includes(key);
  }
  if (AGENT_ONLY.includes(key)) return false;
  if (OPEN_TO_ALL.includes(key)) return true;
  if (caps.stationOnly) return STATION_ENTRIES.includes(key);
  if (ADMIN_ONLY.includes(key)) return caps.manageUsers;
  return caps.backOffice;
}

/** The screens below /bookings that not every role may open (the list, detail and history are open to all who see bookings). */
export const BOOKING_SCREENS = ['create', 'confirm', 'copy', 'update', 'cancel', 'assignSeats', 'ensureSeats'] as const;
export type BookingScreen = (typeof BOOKING_SCREENS)[number];
/** Seat work is the back office's. */
const BACK_OFFICE_BOOKING_SCREENS: readonly BookingScreen[] = ['assignSeats', 'ensureSeats'];

/**
 * Whether the account may open a booking screen: station staff read bookings (and write notes)
 * only; agent staff book, change and cancel but do not seat groups; the back office does all.
 * The route guard's rule: a screen the role may not use shows the "no permission" screen.
 */
export function mayOpenBookingScreen(user: MenuUser, screen: BookingScreen): boolean {
  if (!mayOpenMenuEntry(user, 'bookings')) return false;
  const caps = capabilitiesOf(user);
  if (caps.stationOnly) return false;
  if (caps.agentPortal) return !BACK_OFFICE_BOOKING_SCREENS.includes(screen);
  return caps.backOffice;
}

/** Whether the entry is listed in the account's sidebar (station users: dashboard and bookings only). */
export function showsInSidebar(user: MenuUser, key: MenuEntryKey): boolean {
  if (!mayOpenMenuEntry(user, key)) return false;
  return capabilitiesOf(user).stationOnly ? STATION_ENTRIES.includes(key) : true;
}

/** The built entries the account sees in its sidebar, in the order given. */
export function visibleMenuEntries<E extends { key: MenuEntryKey }>(user: MenuUser, builtEntries: readonly E[]): E[] {
  return builtEntries.filter((entry) => showsInSidebar(user, entry.key));
}

/** Visible entries by sidebar group, in the specification's group order; empty groups left out. */
export function visibleMenuGroups<E extends { key: MenuEntryKey }>(
  user: MenuUser,
  builtEntries: readonly E[],
): { group: MenuGroupKey; entries: E[] }[] {
  const visible = visibleMenuEntries(user, builtEntries);
  return MENU_GROUP_KEYS.map((group) => ({
    group,
    entries: visible.filter((entry) => menuGroupOf(entry.key) === group),
  })).filter((g) => g.entries.length > 0);
}
