import { describe, expect, it } from 'vitest';
import {
  BOOKING_SCREENS,
  mayOpenBookingScreen,
  MENU_ENTRY_KEYS,
  MENU_GROUP_KEYS,
  MENU_GROUPS,
  mayOpenMenuEntry,
  menuGroupOf,
  visibleMenuEntries,
  visibleMenuGroups,
  type MenuEntryKey,
} from './menu-access.ts';

const admin = { kind: 'OPERATOR', role: 'saganoAdmin', user_group: 'BACK_OFFICE' } as const;
const staff = { kind: 'OPERATOR', role: 'saganoStaff', user_group: 'BACK_OFFICE' } as const;
const station = { kind: 'OPERATOR', role: 'saganoStaff', user_group: 'STATION' } as const;
const agent = { kind: 'AGENT', role: 'agentAdmin', user_group: null } as const;
const agentStaff = { kind: 'AGENT', role: 'agentStaff', user_group: null } as const;
const branchAdmin = { kind: 'AGENT', role: 'groupAdmin', user_group: null } as const;
const branchStaff = { kind: 'AGENT', role: 'groupStaff', user_group: null } as const;
const agentRoles = [agent, agentStaff, branchAdmin, branchStaff];
const operators = [admin, staff, station];

const entries = (...keys: MenuEntryKey[]) => keys.map((key) => ({ key, path: `/${key}` }));
const keysOf = (list: { key: MenuEntryKey }[]) => list.map((e) => e.key);

// What this issue builds; later issues add to it.
const built = entries('dashboard', 'operationLogs', 'mails', 'users', 'changePassword');
const everything = entries(...MENU_ENTRY_KEYS);

describe('menu entries', () => {
  it('lists every entry once, each in one group', () => {
    expect(new Set(MENU_ENTRY_KEYS).size).toBe(MENU_ENTRY_KEYS.length);
    for (const key of MENU_ENTRY_KEYS) expect(MENU_GROUP_KEYS).toContain(menuGroupOf(key));
    expect(menuGroupOf('operationLogs')).toBe('service');
    expect(menuGroupOf('users')).toBe('account');
    expect(menuGroupOf('agentStaffs')).toBe('account');
    expect(menuGroupOf('twoFactor')).toBe('account');
  });
});

describe('visibleMenuEntries', () => {
  it('shows back-office admins everything built', () => {
    expect(keysOf(visibleMenuEntries(admin, built))).toEqual(keysOf(built));
  });

  it('hides users and mails from back-office staff', () => {
    expect(keysOf(visibleMenuEntries(staff, built))).toEqual(['dashboard', 'operationLogs', 'changePassword']);
    expect(keysOf(visibleMenuEntries(staff, everything))).not.toContain('users');
  });

  it('shows station users the dashboard and bookings only', () => {
    expect(keysOf(visibleMenuEntries(station, built))).toEqual(['dashboard']);
    expect(keysOf(visibleMenuEntries(station, everything))).toEqual(['dashboard', 'bookings']);
  });

  it('gives agent admins the portal: bookings, seat inquiry, payments, monthly invoices, staff, two-factor sign-in', () => {
    const portal = ['dashboard', 'notifications', 'bookings', 'searchAllotments', 'payments', 'monthlyReport', 'agentStaffs', 'twoFactor', 'changePassword'];
    // API keys are the agent's administrators' (head office) alone.
    expect(keysOf(visibleMenuEntries(agent, everything))).toEqual([...portal.slice(0, 7), 'apiKeys', 'webhooks', ...portal.slice(7)]);
    expect(keysOf(visibleMenuEntries(branchAdmin, everything))).toEqual(portal);
  });

  it('gives agent and branch staff the portal without staff management', () => {
    const portal = ['dashboard', 'notifications', 'bookings', 'searchAllotments', 'payments', 'monthlyReport', 'twoFactor', 'changePassword'];
    expect(keysOf(visibleMenuEntries(agentStaff, everything))).toEqual(portal);
    expect(keysOf(visibleMenuEntries(branchStaff, everything))).toEqual(portal);
  });

  it('holds an agent who must set up two-factor sign-in on that one screen', () => {
    for (const role of agentRoles) {
      expect(keysOf(visibleMenuEntries({ ...role, totp_setup_required: true }, everything))).toEqual(['twoFactor']);
    }
  });

  it('never shows operators the portal entries, whatever their role', () => {
    for (const operator of operators) {
      const keys = keysOf(visibleMenuEntries(operator, everything));
      expect(keys).not.toContain('agentStaffs');
      expect(keys).not.toContain('twoFactor');
    }
    // The flag means nothing for operators: it is never set for them, and would change nothing.
    expect(keysOf(visibleMenuEntries({ ...admin, totp_setup_required: true }, everything))).toEqual(keysOf(visibleMenuEntries(admin, everything)));
  });

  it('keeps the order of the built entries', () => {
    const reversed = [...built].reverse();
    expect(keysOf(visibleMenuEntries(admin, reversed))).toEqual(keysOf(reversed));
  });
});

describe('mayOpenMenuEntry', () => {
  it('lets station users open bookings and change their password, nothing else', () => {
    const open = MENU_ENTRY_KEYS.filter((key) => mayOpenMenuEntry(station, key));
    expect(open).toEqual(['dashboard', 'bookings', 'changePassword']);
  });

  it('keeps users and mails to back-office admins', () => {
    for (const key of ['users', 'mails'] as const) {
      expect(mayOpenMenuEntry(admin, key)).toBe(true);
      expect(mayOpenMenuEntry(staff, key)).toBe(false);
      expect(mayOpenMenuEntry(station, key)).toBe(false);
      expect(mayOpenMenuEntry(agent, key)).toBe(false);
    }
  });

  it('keeps every back-office screen from every agent role', () => {
    const portal = new Set(['dashboard', 'notifications', 'bookings', 'searchAllotments', 'payments', 'monthlyReport', 'agentStaffs', 'apiKeys', 'webhooks', 'twoFactor', 'changePassword']);
    for (const role of agentRoles) {
      for (const key of MENU_ENTRY_KEYS.filter((k) => !portal.has(k))) expect(mayOpenMenuEntry(role, key), `${role.role} ${key}`).toBe(false);
    }
  });

  it('lets only agent and branch admins manage staff', () => {
    expect(mayOpenMenuEntry(agent, 'agentStaffs')).toBe(true);
    expect(mayOpenMenuEntry(branchAdmin, 'agentStaffs')).toBe(true);
    expect(mayOpenMenuEntry(agentStaff, 'agentStaffs')).toBe(false);
    expect(mayOpenMenuEntry(branchStaff, 'agentStaffs')).toBe(false);
    for (const operator of operators) expect(mayOpenMenuEntry(operator, 'agentStaffs')).toBe(false);
  });

  it('lets only the agent admin (head office ADMIN) manage API keys and webhooks', () => {
    for (const key of ['apiKeys', 'webhooks'] as const) {
      expect(mayOpenMenuEntry(agent, key)).toBe(true);
      for (const other of [branchAdmin, agentStaff, branchStaff, ...operators]) expect(mayOpenMenuEntry(other, key), `${other.role} ${key}`).toBe(false);
    }
  });

  it('lets every agent role open two-factor sign-in, and no operator', () => {
    for (const role of agentRoles) expect(mayOpenMenuEntry(role, 'twoFactor')).toBe(true);
    for (const operator of operators) expect(mayOpenMenuEntry(operator, 'twoFactor')).toBe(false);
  });

  it('opens only two-factor sign-in while its setup is required', () => {
    for (const role of agentRoles) {
      const held = { ...role, totp_setup_required: true };
      expect(MENU_ENTRY_KEYS.filter((key) => mayOpenMenuEntry(held, key))).toEqual(['twoFactor']);
    }
  });

  it('opens the payments list and the monthly report to the back office and every agent role, not to station users', () => {
    for (const role of [admin, staff, ...agentRoles]) expect(mayOpenMenuEntry(role, 'payments'), role.role).toBe(true);
    expect(mayOpenMenuEntry(station, 'payments')).toBe(false);
    // The monthly report beside it too: agents see their own monthly invoices there (月次請求).
    for (const role of [admin, staff, ...agentRoles]) expect(mayOpenMenuEntry(role, 'monthlyReport'), role.role).toBe(true);
    expect(mayOpenMenuEntry(station, 'monthlyReport')).toBe(false);
  });

  it('offers the monthly invoices (月次請求) to contracted agents only: a FREE agent pays by card and has none', () => {
    for (const role of agentRoles) {
      expect(mayOpenMenuEntry({ ...role, agent_type: 'FREE' }, 'monthlyReport'), role.role).toBe(false);
      expect(mayOpenMenuEntry({ ...role, agent_type: 'FREE' }, 'payments'), role.role).toBe(true);
      expect(mayOpenMenuEntry({ ...role, agent_type: 'CONTRACTED' }, 'monthlyReport'), role.role).toBe(true);
      expect(mayOpenMenuEntry({ ...role, agent_type: 'SPECIAL_CONTRACTED' }, 'monthlyReport'), role.role).toBe(true);
    }
  });

  it('names the Sales menu as the specification lists it: sales (売上管理) and the monthly report, the payments list first under its own name', () => {
    expect(MENU_GROUPS.sales).toEqual(['payments', 'sales', 'monthlyReport']);
    // `sales` is the sales screen: the back office's, never an agent's or station staff's.
    for (const operator of [admin, staff]) expect(mayOpenMenuEntry(operator, 'sales')).toBe(true);
    for (const role of [station, ...agentRoles]) expect(mayOpenMenuEntry(role, 'sales'), role.role).toBe(false);
  });

  it('keeps the operation log from station users and agents', () => {
    expect(mayOpenMenuEntry(staff, 'operationLogs')).toBe(true);
    expect(mayOpenMenuEntry(station, 'operationLogs')).toBe(false);
    expect(mayOpenMenuEntry(agent, 'operationLogs')).toBe(false);
  });
});

describe('visibleMenuGroups', () => {
  it('groups in the specification order and drops empty groups', () => {
    const groups = visibleMenuGroups(admin, built);
    expect(groups.map((g) => g.group)).toEqual(['main', 'service', 'account']);
    expect(keysOf(groups[1]?.entries ?? [])).toEqual(['operationLogs', 'mails']);
  });

  it('groups the agent portal: main, group management, payments (the sales group), account', () => {
    const groups = visibleMenuGroups(branchAdmin, everything);
    expect(groups.map((g) => g.group)).toEqual(['main', 'groupManager', 'sales', 'account']);
    expect(keysOf(groups[1]?.entries ?? [])).toEqual(['notifications', 'bookings', 'searchAllotments']);
    expect(keysOf(groups[2]?.entries ?? [])).toEqual(['payments', 'monthlyReport']);
    expect(keysOf(groups[3]?.entries ?? [])).toEqual(['agentStaffs', 'twoFactor', 'changePassword']);
  });

  it('leaves station users one group', () => {
    expect(visibleMenuGroups(station, built).map((g) => g.group)).toEqual(['main']);
  });

  it('orders groups by the specification even when entries are built out of order', () => {
    const groups = visibleMenuGroups(staff, entries('changePassword', 'operationLogs', 'dashboard'));
    expect(groups.map((g) => g.group)).toEqual(['main', 'service', 'account']);
  });
});

describe('booking screens', () => {
  it('station staff open none of the booking screens that write; agents all but the seat work; the back office all', () => {
    for (const screen of BOOKING_SCREENS) {
      expect(mayOpenBookingScreen(station, screen)).toBe(false);
      expect(mayOpenBookingScreen(admin, screen)).toBe(true);
      expect(mayOpenBookingScreen(staff, screen)).toBe(true);
      for (const user of agentRoles) expect(mayOpenBookingScreen(user, screen)).toBe(screen !== 'assignSeats' && screen !== 'ensureSeats');
    }
    expect(mayOpenBookingScreen({ ...agent, totp_setup_required: true }, 'create')).toBe(false);
  });
});
