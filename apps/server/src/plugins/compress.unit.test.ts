import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { brotliQuality, FAST_BROTLI_FROM_BYTES, registerCompression } from './compress.js';

/** A list of `n` vehicles as the tracking snapshot carries them: about 180 bytes a vehicle. */
function fleet(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    kendaraanId: i + 1,
    nomorPolisi: `B ${1000 + i} UEY`,
    lat: -6.2 + (i % 97) / 1000,
    lon: 106.8 + (i % 89) / 1000,
    speed: i % 80,
    course: (i * 37) % 360,
    fixTime: new Date(Date.UTC(2026, 11, 7, 5, 0, i % 60)).toISOString(),
    driverName: `Driver ${i}`,
    odometer: 123_456 + i,
  }));
}

async function appAnswering(body: unknown) {
  const app = Fastify({ logger: false });
  registerCompression(app);
  app.get('/answer', async () => body);
  await app.ready();
  return app;
}

describe('brotli for API answers', () => {
  it('works harder on answers under a megabyte and fast on bigger ones', () => {
    expect(brotliQuality(2_000)).toBe(4);
    expect(brotliQuality(FAST_BROTLI_FROM_BYTES - 1)).toBe(4);
    expect(brotliQuality(FAST_BROTLI_FROM_BYTES)).toBe(1);
    expect(brotliQuality(50 * FAST_BROTLI_FROM_BYTES)).toBe(1);
  });

  it.each([
    ['a small fleet', 200],
    ['thousands of vehicles, past a megabyte', 8_000],
  ])('sends %s compressed, and it reads back whole', async (_, n) => {
    const body = { count: n, results: fleet(n) };
    const app = await appAnswering(body);
    const r = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(r.rawPayload).toString();
    expect(JSON.parse(text)).toEqual(body);
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 5);
    if (n > 1_000) expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(FAST_BROTLI_FROM_BYTES);
    await app.close();
  });
});
