import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';

/** A route whose query the database refuses, as drizzle reports it (the driver's error as `cause`). */
async function appRefusing(code: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.post('/store', async () => {
    throw Object.assign(new Error('Failed query: insert …'), {
      cause: Object.assign(new Error('value out of range'), { code }),
    });
  });
  await app.ready();
  return app;
}

describe('a value the database refuses that no schema caught', () => {
  it('answers 400 naming the fields that could hold it (int4, float4), not 500', async () => {
    const app = await appRefusing('22003');
    const r = await app.inject({
      method: 'POST',
      url: '/store?page=2',
      payload: { name: 'Armada', fleetId: 2_147_483_648, reading: { odometer: 5e38 }, ok: 12 },
    });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = r.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['fleetId', 'reading.odometer']);
    await app.close();
  });

  it('still answers 500 for a database error that is not about a value', async () => {
    const app = await appRefusing('42P01');
    const r = await app.inject({ method: 'POST', url: '/store', payload: {} });
    expect(r.statusCode).toBe(500);
    expect(r.json().code).toBe('INTERNAL');
    await app.close();
  });
});
