import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('scrypt passwords', () => {
  it('stores scrypt$N$r$p$salt$hash with a random salt and verifies only the right password', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1235', a)).toBe(false);
    expect(await verifyPassword('demo1234', 'plain-text')).toBe(false);
    expect(await verifyPassword('demo1234', 'scrypt$16384$8$1$c2FsdA$')).toBe(false);
  });
});
