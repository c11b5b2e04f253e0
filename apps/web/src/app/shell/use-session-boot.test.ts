import type { LoginUser } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { decideRole } from './use-session-boot';

const user = (groups: LoginUser['groups']): LoginUser => ({
  userId: 1,
  username: 'budi',
  displayName: 'Budi',
  email: 'budi@example.com',
  groups,
  defaultRole: groups[0]?.role ?? null,
  lastLogin: null,
});
const jakarta = { unitId: 1, unitName: 'CC Jakarta', role: 'Administrator', timeZone: 'Asia/Jakarta' };
const surabaya = { unitId: 2, unitName: 'CC Surabaya', role: 'User', timeZone: 'Asia/Jakarta' };

describe('decideRole', () => {
  it('S-024 exactly one group and no role stored saves that group', () => {
    expect(decideRole(user([jakarta]), null)).toEqual({ kind: 'save', group: jakarta });
  });
  it('S-024 several groups and no role stored asks the user to choose', () => {
    expect(decideRole(user([jakarta, surabaya]), null)).toEqual({ kind: 'choose' });
  });
  it('S-024 no groups asks (the dialog then says there is no role yet)', () => {
    expect(decideRole(user([]), null)).toEqual({ kind: 'choose' });
  });
  it('keeps a stored role that is one of the groups', () => {
    const stored = { roleUser: 'User', roleUnit: 2, roleFleet: 'CC Surabaya' };
    expect(decideRole(user([jakarta, surabaya]), stored)).toEqual({ kind: 'keep' });
  });
  it('a stale stored role is replaced: saved for one group, chosen for several', () => {
    const stale = { roleUser: 'Guest', roleUnit: 9, roleFleet: 'Old' };
    expect(decideRole(user([jakarta]), stale)).toEqual({ kind: 'save', group: jakarta });
    expect(decideRole(user([jakarta, surabaya]), stale)).toEqual({ kind: 'choose' });
  });
});
