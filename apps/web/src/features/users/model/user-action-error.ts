/** What was refused: the role in this unit, the membership, or the account itself (disable, password). */
export type UserAction = 'role' | 'remove' | 'account';

/** Which message explains a refused user action; null means the generic message of the error code. */
export function userActionMessage(
  code: string | undefined,
  action: UserAction,
  isSelf: boolean,
): 'lastAdministrator' | 'accountElsewhere' | 'self' | null {
  if (code === 'LAST_ADMINISTRATOR') return 'lastAdministrator';
  if (code === 'FORBIDDEN' && action === 'account') return isSelf ? 'self' : 'accountElsewhere';
  return null;
}
