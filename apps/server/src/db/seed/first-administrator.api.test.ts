import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { Database } from '../client.js';
import { call, signIn, startTestApp, type TestApp } from '../../test/test-app.js';
import { createEmptyDatabase } from '../../test/test-db.js';
import { createFirstAdministrator } from './first-administrator.js';

describe('the first Administrator of an install without the demo', () => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    await db.migrate();
    t = await startTestApp({ db });
  });
  afterAll(async () => {
    await t.close();
    await db.close();
  });

  it('is made with their unit on an empty database, signs in as its Administrator, and is made once', async () => {
    const first = {
      username: 'fleet.boss',
      password: 'first-password-1',
      email: undefined,
      unitName: 'PT Angkut',
    };
    expect(await createFirstAdministrator(db.db, first)).toBe(true);
    const token = await signIn(t.url, 'fleet.boss', 'first-password-1');
    const me = await call(t.url, '/api/auth/me', { token });
    expect(me.json.groups).toEqual([
      expect.objectContaining({ unitName: 'PT Angkut', role: 'Administrator' }),
    ]);
    const unitId = me.json.groups[0].unitId as number;
    // They run the unit: add a vehicle.
    const added = await call(t.url, '/api/kendaraan', {
      token,
      role: { unitId, role: 'Administrator' },
      body: {
        nomorPolisi: 'B 1 PTA',
        nomorKendaraan: 'PTA-1',
        pantauKendaraanId: '861234567890123',
        vehicleClass: 'TRUCK',
      },
    });
    expect(added.status, added.text).toBeLessThan(300);
    // A later start with the same settings changes nothing.
    expect(await createFirstAdministrator(db.db, { ...first, username: 'someone.else' })).toBe(false);
    expect(
      (
        await call(t.url, '/api/auth/login', {
          body: { username: 'someone.else', password: 'first-password-1' },
        })
      ).status,
    ).toBe(401);
  });

  it('needs both the name and the password, and says which is missing', () => {
    expect(() => loadConfig({ PANTAU_ADMIN_USERNAME: 'fleet.boss' })).toThrow(
      new ConfigError('Invalid environment: PANTAU_ADMIN_PASSWORD is required with PANTAU_ADMIN_USERNAME'),
    );
    expect(() => loadConfig({ PANTAU_ADMIN_USERNAME: 'fleet.boss', PANTAU_ADMIN_PASSWORD: 'short' })).toThrow(
      /PANTAU_ADMIN_PASSWORD must be at least 8 characters/,
    );
    expect(
      loadConfig({ PANTAU_ADMIN_USERNAME: 'fleet.boss', PANTAU_ADMIN_PASSWORD: 'first-password-1' })
        .firstAdministrator,
    ).toEqual({ username: 'fleet.boss', password: 'first-password-1', email: undefined, unitName: 'Pantau' });
  });
});
