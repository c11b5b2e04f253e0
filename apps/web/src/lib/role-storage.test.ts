import { describe, expect, it } from 'vitest';
import {
  clearRoleFromStorage,
  readRole,
  roleCookieAssignments,
  roleFromGroup,
  roleMatchesGroups,
  sessionCookieExpiries,
  writeRoleToStorage,
} from './role-storage';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const group = { unitId: 7, unitName: 'CC Cikarang', role: 'User', timeZone: 'Asia/Jakarta' };

describe('role storage', () => {
  it('S-019 writes role_user, role_unit and role_fleet as cookies on path /', () => {
    expect(roleCookieAssignments(roleFromGroup(group))).toEqual([
      'role_user=User; path=/; SameSite=Lax',
      'role_unit=7; path=/; SameSite=Lax',
      'role_fleet=CC%20Cikarang; path=/; SameSite=Lax',
    ]);
  });

  it('S-020 stores role_user, role_unit (the unit id) and role_fleet (the unit name)', () => {
    const storage = memoryStorage();
    writeRoleToStorage(storage, roleFromGroup(group));
    expect(Object.fromEntries(storage.map)).toEqual({
      role_user: 'User',
      role_unit: '7',
      role_fleet: 'CC Cikarang',
    });
    clearRoleFromStorage(storage);
    expect(storage.map.size).toBe(0);
  });

  it('S-020 reads the role from cookies first, then storage; incomplete means none', () => {
    const storage = memoryStorage();
    expect(readRole('', storage)).toBeNull();
    writeRoleToStorage(storage, roleFromGroup(group));
    expect(readRole('', storage)).toEqual({ roleUser: 'User', roleUnit: 7, roleFleet: 'CC Cikarang' });
    expect(readRole('role_user=Guest; role_unit=3; role_fleet=Truk%20Medan', storage)).toEqual({
      roleUser: 'Guest',
      roleUnit: 3,
      roleFleet: 'Truk Medan',
    });
    expect(readRole('role_user=Guest', undefined)).toBeNull();
    expect(readRole('role_user=Guest; role_unit=x', undefined)).toBeNull();
  });

  it('S-025 logout expires display_name and the three role cookies', () => {
    expect(sessionCookieExpiries().map((c) => c.split('=')[0])).toEqual([
      'display_name',
      'role_user',
      'role_unit',
      'role_fleet',
    ]);
    expect(sessionCookieExpiries().every((c) => c.includes('max-age=0') && c.includes('path=/'))).toBe(true);
  });

  it('matches a stored role against the user groups', () => {
    expect(roleMatchesGroups(roleFromGroup(group), [group])).toBe(true);
    expect(roleMatchesGroups({ ...roleFromGroup(group), roleUser: 'Administrator' }, [group])).toBe(false);
  });
});
