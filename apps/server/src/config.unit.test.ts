import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      demo: true,
      gt06Port: 5023,
      osmandPort: 5055,
      logLevel: 'info',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid environment: PORT must be an integer between 1 and 65535',
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid environment: PORT /);
    expect(() => loadConfig({ PANTAU_DEMO: 'yes' })).toThrow(
      'Invalid environment: PANTAU_DEMO must be 0 or 1',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid environment: DATABASE_URL /);
    expect(() => loadConfig({ GT06_PORT: '0' })).toThrow(/^Invalid environment: GT06_PORT /);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^Invalid environment: LOG_LEVEL /);
    expect(() => loadConfig({ PANTAU_JWT_SECRET: 'short' })).toThrow(
      /^Invalid environment: PANTAU_JWT_SECRET /,
    );
  });

  it('reads the proxy trust and the allowed hosts', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ PANTAU_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ PANTAU_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
    expect(
      loadConfig({ PANTAU_ALLOWED_HOSTS: 'Pantau.example.co.id, pantau.lan:3000' }).allowedHosts,
    ).toEqual(['pantau.example.co.id', 'pantau.lan:3000']);
    expect(() => loadConfig({ PANTAU_ALLOWED_HOSTS: 'https://x/' })).toThrow(
      /^Invalid environment: PANTAU_ALLOWED_HOSTS /,
    );
    expect(() => loadConfig({ PANTAU_TRUST_PROXY: 'yes please' })).toThrow(
      /^Invalid environment: PANTAU_TRUST_PROXY /,
    );
  });

  it('reads the months of positions kept, every month by default', () => {
    expect(loadConfig({}).retentionMonths).toBeUndefined();
    expect(loadConfig({ PANTAU_RETENTION_MONTHS: '' }).retentionMonths).toBeUndefined();
    expect(loadConfig({ PANTAU_RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
    for (const bad of ['0', '1.5', 'forever', '-3'])
      expect(() => loadConfig({ PANTAU_RETENTION_MONTHS: bad })).toThrow(
        /^Invalid environment: PANTAU_RETENTION_MONTHS must be a whole number of months/,
      );
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });
});
