import { describe, expect, it } from 'vitest';
import {
  MENU_ENTRY_KEYS,
  MENU_GROUP_KEYS,
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

  it('gives agents the dashboard and change password until their portal exists', () => {
    expect(keysOf(visibleMenuEntries(agent, everything))).toEqual(['dashboard', 'changePassword']);
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

  it('leaves station users one group', () => {
    expect(visibleMenuGroups(station, built).map((g) => g.group)).toEqual(['main']);
  });

  it('orders groups by the specification even when entries are built out of order', () => {
    const groups = visibleMenuGroups(staff, entries('changePassword', 'operationLogs', 'dashboard'));
    expect(groups.map((g) => g.group)).toEqual(['main', 'service', 'account']);
  });
});
