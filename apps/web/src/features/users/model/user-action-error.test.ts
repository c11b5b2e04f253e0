import { describe, expect, it } from 'vitest';
import { userActionMessage } from './user-action-error';

describe('userActionMessage', () => {
  it('explains the last Administrator whatever the action', () => {
    for (const action of ['role', 'remove', 'account'] as const)
      expect(userActionMessage('LAST_ADMINISTRATOR', action, false)).toBe('lastAdministrator');
  });
  it('a refused account change is the own account or one shared with another unit', () => {
    expect(userActionMessage('FORBIDDEN', 'account', true)).toBe('self');
    expect(userActionMessage('FORBIDDEN', 'account', false)).toBe('accountElsewhere');
  });
  it('anything else falls back to the message of the code', () => {
    expect(userActionMessage('FORBIDDEN', 'role', false)).toBeNull();
    expect(userActionMessage('NETWORK', 'account', false)).toBeNull();
    expect(userActionMessage(undefined, 'remove', false)).toBeNull();
  });
});
