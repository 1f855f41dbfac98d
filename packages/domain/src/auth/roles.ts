/**
 * Who a signed-in account is. Operator users carry user_group and user_type; agent staff carry
 * their agent, group and staff_type. The role constants are the specification's (spec 000 §6).
 */
export const USER_GROUPS = ['BACK_OFFICE', 'STATION', 'TRAIN'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

export const USER_TYPES = ['ADMIN', 'STAFF'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const STAFF_TYPES = ['ADMIN', 'STAFF'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];

export const ROLES = [
  'saganoAdmin',
  'saganoStaff',
  'agentAdmin',
  'agentStaff',
  'groupAdmin',
  'groupStaff',
] as const;
export type Role = (typeof ROLES)[number];

export const ACCOUNT_KINDS = ['OPERATOR', 'AGENT'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Only back-office and station users may log in to the operator side. */
export function operatorMayLogIn(group: UserGroup): boolean {
  return group === 'BACK_OFFICE' || group === 'STATION';
}

/** A back_office user with the admin flag is saganoAdmin; every other operator user is saganoStaff. */
export function operatorRole(group: UserGroup, type: UserType): Role {
  return group === 'BACK_OFFICE' && type === 'ADMIN' ? 'saganoAdmin' : 'saganoStaff';
}

/** Staff of the agent's root group act for the whole agent; branch staff for their branch only. */
export function agentRole(staffType: StaffType, isRootGroup: boolean): Role {
  if (isRootGroup) return staffType === 'ADMIN' ? 'agentAdmin' : 'agentStaff';
  return staffType === 'ADMIN' ? 'groupAdmin' : 'groupStaff';
}

/** What the signed-in account may reach, derived once from its kind, group and role. */
export interface Capabilities {
  backOffice: boolean;
  /** Back-office admins only: the Users screen and operator-user management. */
  manageUsers: boolean;
  /** Station users see the dashboard and bookings only. */
  stationOnly: boolean;
  agentPortal: boolean;
}

export function capabilitiesOf(user: {
  kind: AccountKind;
  role: Role;
  user_group?: UserGroup | null;
}): Capabilities {
  if (user.kind === 'AGENT') {
    return { backOffice: false, manageUsers: false, stationOnly: false, agentPortal: true };
  }
  const station = user.user_group === 'STATION';
  return {
    backOffice: !station,
    manageUsers: user.role === 'saganoAdmin',
    stationOnly: station,
    agentPortal: false,
  };
}
