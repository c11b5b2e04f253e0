import { describe, expect, it } from 'vitest';
import { accessRedirect } from './access-redirect.js';

const cases: [string, boolean, boolean, string | null][] = [
  // path, hasToken, hasRole, redirect
  ['/signin', false, false, null],
  ['/preview-vehicle', false, false, null],
  ['/signup', false, false, null],
  ['/forgot', false, false, null],
  ['/_error', false, false, null],
  ['/', false, false, '/signin'],
  ['/map', false, false, '/signin'],
  ['/choose-role', false, false, '/signin'],
  ['/lockscreen', false, false, '/signin'],
  ['/signin/', false, false, null],
];

describe('accessRedirect', () => {
  it('S-003 without a token only /signin, /preview-vehicle and the signed-out pages are allowed', () => {
    for (const [path, hasToken, hasRole, expected] of cases)
      expect(accessRedirect({ path, hasToken, hasRole }), path).toBe(expected);
  });

  it('S-004 with a token but no role only /choose-role is allowed', () => {
    expect(accessRedirect({ path: '/choose-role', hasToken: true, hasRole: false })).toBeNull();
    for (const path of ['/', '/signin', '/map', '/preview-vehicle', '/notifications'])
      expect(accessRedirect({ path, hasToken: true, hasRole: false }), path).toBe('/choose-role');
  });

  it('S-005 fully signed in, /signin and /choose-role (and /signup, /forgot) go to /', () => {
    for (const path of ['/signin', '/choose-role', '/signup', '/forgot', '/choose-role/'])
      expect(accessRedirect({ path, hasToken: true, hasRole: true }), path).toBe('/');
    for (const path of ['/', '/map', '/spk/dt', '/unknown', '/lockscreen', '/preview-vehicle'])
      expect(accessRedirect({ path, hasToken: true, hasRole: true }), path).toBeNull();
  });
});
