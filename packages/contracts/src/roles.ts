/** Roles a user can hold in a unit (spec §6, §9). Any other name gets the Administrator menu, read-only. */
export const ROLES = ['Administrator', 'User', 'Guest'] as const;

export const isAdministrator = (role: string | null | undefined): boolean => role === 'Administrator';

/** Whether a role has the Administrator menu and reads its pages: any role but User and Guest. */
export const hasAdministratorMenu = (role: string): boolean => role !== 'User' && role !== 'Guest';

/** Cookie names kept in the browser (spec §3 "Stored in the browser"). */
export const COOKIE = {
  token: 'token',
  displayName: 'display_name',
  roleUser: 'role_user',
  roleUnit: 'role_unit',
  roleFleet: 'role_fleet',
} as const;

/** Headers an API client (not a browser) uses to name its chosen role instead of the role cookies. */
export const ROLE_HEADER = { unit: 'x-pantau-unit', role: 'x-pantau-role' } as const;
