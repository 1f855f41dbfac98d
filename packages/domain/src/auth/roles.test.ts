import { describe, expect, it } from 'vitest';
import { USER_GROUPS, USER_TYPES, agentRole, capabilitiesOf, operatorMayLogIn, operatorRole } from './roles.ts';

describe('operator roles', () => {
  it('only back-office and station users may log in', () => {
    expect(USER_GROUPS.filter(operatorMayLogIn)).toEqual(['BACK_OFFICE', 'STATION']);
  });

  it('a back-office user with the admin flag is saganoAdmin, everyone else saganoStaff', () => {
    const table = USER_GROUPS.flatMap((g) => USER_TYPES.map((u) => `${g}/${u}=${operatorRole(g, u)}`));
    expect(table).toEqual([
      'BACK_OFFICE/ADMIN=saganoAdmin',
      'BACK_OFFICE/STAFF=saganoStaff',
      'STATION/ADMIN=saganoStaff',
      'STATION/STAFF=saganoStaff',
      'TRAIN/ADMIN=saganoStaff',
      'TRAIN/STAFF=saganoStaff',
    ]);
  });

  it('gives Users to back-office admins only and limits station users', () => {
    expect(capabilitiesOf({ kind: 'OPERATOR', role: 'saganoAdmin', user_group: 'BACK_OFFICE' })).toEqual({ backOffice: true, manageUsers: true, stationOnly: false, agentPortal: false });
    expect(capabilitiesOf({ kind: 'OPERATOR', role: 'saganoStaff', user_group: 'BACK_OFFICE' })).toEqual({ backOffice: true, manageUsers: false, stationOnly: false, agentPortal: false });
    expect(capabilitiesOf({ kind: 'OPERATOR', role: 'saganoStaff', user_group: 'STATION' })).toEqual({ backOffice: false, manageUsers: false, stationOnly: true, agentPortal: false });
    expect(capabilitiesOf({ kind: 'AGENT', role: 'agentAdmin', user_group: null })).toEqual({ backOffice: false, manageUsers: false, stationOnly: false, agentPortal: true });
  });
});

describe('agent roles', () => {
  it('root-group staff act for the agent, branch staff for their branch', () => {
    expect(agentRole('ADMIN', true)).toBe('agentAdmin');
    expect(agentRole('STAFF', true)).toBe('agentStaff');
    expect(agentRole('ADMIN', false)).toBe('groupAdmin');
    expect(agentRole('STAFF', false)).toBe('groupStaff');
  });
});
