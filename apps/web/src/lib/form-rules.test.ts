import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { matchesField } from './form-rules';

const ruleFor = (password: string) => {
  const rule = matchesField('password', 'Passwords differ');
  if (typeof rule !== 'function') throw new Error('expected a rule function');
  const form = { getFieldValue: (name: string) => (name === 'password' ? password : undefined) };
  return rule(form as unknown as FormInstance);
};

describe('matchesField', () => {
  it('accepts the same value, and an empty one (the required rule speaks for that)', async () => {
    await expect(ruleFor('secret-1').validator!({}, 'secret-1', () => {})).resolves.toBeUndefined();
    await expect(ruleFor('secret-1').validator!({}, '', () => {})).resolves.toBeUndefined();
  });

  it('refuses another value with the message given', async () => {
    await expect(ruleFor('secret-1').validator!({}, 'secret-2', () => {})).rejects.toThrow(
      'Passwords differ',
    );
  });
});
