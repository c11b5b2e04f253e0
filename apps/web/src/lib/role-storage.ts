import { COOKIE, type UserGroup } from '@pantau/contracts';
import { expireCookie, parseCookies, serializeCookie } from './cookies';

/** The chosen role (spec §3): role name, unit id and unit (fleet) name. */
export interface StoredRole {
  roleUser: string;
  roleUnit: number;
  roleFleet: string;
}

/** Browser storage keys, the same names as the cookies (spec §3). */
export const ROLE_STORAGE_KEYS = {
  roleUser: 'role_user',
  roleUnit: 'role_unit',
  roleFleet: 'role_fleet',
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function roleFromGroup(group: UserGroup): StoredRole {
  return { roleUser: group.role, roleUnit: group.unitId, roleFleet: group.unitName };
}

/** The three `document.cookie` assignments that store a role (path /, readable by the client). */
export function roleCookieAssignments(role: StoredRole): string[] {
  return [
    serializeCookie(COOKIE.roleUser, role.roleUser),
    serializeCookie(COOKIE.roleUnit, String(role.roleUnit)),
    serializeCookie(COOKIE.roleFleet, role.roleFleet),
  ];
}

/** The assignments that clear display_name and the role cookies (the token cookie is HttpOnly: the server clears it). */
export function sessionCookieExpiries(): string[] {
  return [COOKIE.displayName, COOKIE.roleUser, COOKIE.roleUnit, COOKIE.roleFleet].map((n) => expireCookie(n));
}

export function writeRoleToStorage(storage: KeyValueStore, role: StoredRole): void {
  storage.setItem(ROLE_STORAGE_KEYS.roleUser, role.roleUser);
  storage.setItem(ROLE_STORAGE_KEYS.roleUnit, String(role.roleUnit));
  storage.setItem(ROLE_STORAGE_KEYS.roleFleet, role.roleFleet);
}

export function clearRoleFromStorage(storage: KeyValueStore): void {
  for (const key of Object.values(ROLE_STORAGE_KEYS)) storage.removeItem(key);
}

/** Reads the role: the cookies win (the server reads those), storage fills in. Null when incomplete. */
export function readRole(cookieString: string, storage: KeyValueStore | undefined): StoredRole | null {
  const cookies = parseCookies(cookieString);
  const pick = (cookie: string, key: string) => cookies[cookie] || storage?.getItem(key) || '';
  const roleUser = pick(COOKIE.roleUser, ROLE_STORAGE_KEYS.roleUser);
  const unit = pick(COOKIE.roleUnit, ROLE_STORAGE_KEYS.roleUnit);
  const roleFleet = pick(COOKIE.roleFleet, ROLE_STORAGE_KEYS.roleFleet);
  const roleUnit = Number(unit);
  if (!roleUser || !unit || !Number.isInteger(roleUnit)) return null;
  return { roleUser, roleUnit, roleFleet };
}

/** True when the stored role is one of the user's groups. */
export function roleMatchesGroups(role: StoredRole, groups: UserGroup[]): boolean {
  return groups.some((g) => g.unitId === role.roleUnit && g.role === role.roleUser);
}

// Browser wrappers.
export function getStoredRole(): StoredRole | null {
  return readRole(document.cookie, window.localStorage);
}

export function saveRole(role: StoredRole): void {
  for (const assignment of roleCookieAssignments(role)) document.cookie = assignment;
  writeRoleToStorage(window.localStorage, role);
}

export function clearSession(): void {
  for (const assignment of sessionCookieExpiries()) document.cookie = assignment;
  clearRoleFromStorage(window.localStorage);
}
