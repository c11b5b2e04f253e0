import { describe, expect, it } from 'vitest';
import { expireCookie, parseCookies, serializeCookie } from './cookies';

describe('cookies', () => {
  it('S-019 parses a document.cookie string, decoding values and keeping the first of a name', () => {
    expect(
      parseCookies('token=abc; role_user=Administrator; role_fleet=CC%20Jakarta; role_user=late'),
    ).toEqual({
      token: 'abc',
      role_user: 'Administrator',
      role_fleet: 'CC Jakarta',
    });
    expect(parseCookies('')).toEqual({});
    expect(parseCookies('broken; a=1')).toEqual({ a: '1' });
  });

  it('S-019 serialises cookies on path / and encodes the value', () => {
    expect(serializeCookie('display_name', 'Budi Santoso')).toBe(
      'display_name=Budi%20Santoso; path=/; SameSite=Lax',
    );
    expect(expireCookie('role_unit')).toBe('role_unit=; path=/; max-age=0; SameSite=Lax');
  });
});
