import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function testConfig(overrides: Partial<Config> = {}): Promise<Config> {
  // buildApp never touches the data dir (main.ts does); the web dist is absent unless a test makes one.
  return {
    ...loadConfig({
      PANTAU_DATA_DIR: join(tmpdir(), 'pantau-test-unused'),
      PANTAU_WEB_DIST: join(tmpdir(), 'pantau-test-no-web-dist'),
    }),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  };
}

/** The real app over a private copy of the demo database, listening on a free port. */
export async function startTestApp(
  opts: { config?: Partial<Config>; deps?: Partial<Omit<AppDeps, 'config' | 'db'>>; db?: Database } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await createTestDatabase());
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const app = await buildApp({ config: await testConfig(opts.config), db, logger, ...opts.deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    url: `http://127.0.0.1:${port}`,
    logs,
    async close() {
      await app.close();
      if (!opts.db) await db.close();
    },
  };
}

export interface CallOptions {
  method?: string;
  token?: string;
  /** The chosen role, sent as the API-client headers. */
  role?: { unitId: number; role: string };
  /** Sent as the browser does: role cookies. */
  roleCookies?: { unitId: number; role: string };
  body?: unknown;
  headers?: Record<string, string>;
}

/** fetch against the test app; JSON in and out. */
export async function call(base: string, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.role) {
    headers['x-pantau-unit'] = String(o.role.unitId);
    headers['x-pantau-role'] = o.role.role;
  }
  if (o.roleCookies)
    headers.cookie = `role_unit=${o.roleCookies.unitId}; role_user=${encodeURIComponent(o.roleCookies.role)}`;
  if (o.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(base + path, {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    headers,
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { res, status: res.status, json: json as any, text };
}

/** Signs in and returns the access token. */
export async function signIn(base: string, username: string, password = 'demo1234'): Promise<string> {
  const { status, json } = await call(base, '/api/auth/login', { body: { username, password } });
  if (status !== 200) throw new Error(`sign-in of ${username} failed: ${status} ${JSON.stringify(json)}`);
  return json.data.access_token as string;
}

/** Demo units in seed order. */
export const UNIT = { sunter: 1, karawang: 2, cikarang: 3 } as const;
