import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// src/config.ts when run from source, dist/main.js when compiled: one folder below apps/server either way.
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The server's version (its package.json), shown by the health check and the API docs. */
export const version = (
  JSON.parse(readFileSync(resolve(serverRoot, 'package.json'), 'utf8')) as { version: string }
).version;

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be an integer between 1 and 65535' })
    .int('must be an integer between 1 and 65535')
    .min(1, 'must be an integer between 1 and 65535')
    .max(65535, 'must be an integer between 1 and 65535')
    .default(fallback);

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: port(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  PANTAU_DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PANTAU_DEMO: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
  GT06_PORT: port(5023),
  OSMAND_PORT: port(5055),
  PANTAU_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  PANTAU_WEB_DIST: optionalText,
  /** Origin of links in e-mails (e.g. https://pantau.example.co.id). */
  PANTAU_PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'must be an http:// or https:// origin without a path')
      .optional(),
  ),
  /** Host names (with the port when not 80/443) the server answers to, comma-separated. */
  PANTAU_ALLOWED_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9.-]+(:\d{1,5})?(\s*,\s*[a-z0-9.-]+(:\d{1,5})?)*$/i,
        'must be host names (host or host:port), comma-separated',
      )
      .optional(),
  ),
  /** Behind a reverse proxy: `true` (any peer) or the proxy addresses / CIDRs, comma-separated. */
  PANTAU_TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(true|false|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i,
        'must be true, false or proxy addresses (CIDR allowed), comma-separated',
      )
      .optional(),
  ),
  // Tracker input and the demo simulator (ingest/, simulator/).
  PANTAU_FORWARD_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Bearer token a Prometheus scrape of `/metrics` must send; without it `/metrics` is 404. */
  PANTAU_METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  PANTAU_SIMULATOR: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  PANTAU_BACKFILL_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 60' })
    .int('must be a whole number of days from 0 to 60')
    .min(0, 'must be a whole number of days from 0 to 60')
    .max(60, 'must be a whole number of days from 0 to 60')
    .default(7),
  /** Months of raw positions kept: the current month and this many before it; empty keeps all. */
  PANTAU_RETENTION_MONTHS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({
        error: 'must be a whole number of months from 1 to 1200, or empty to keep every month',
      })
      .int('must be a whole number of months from 1 to 1200, or empty to keep every month')
      .min(1, 'must be a whole number of months from 1 to 1200, or empty to keep every month')
      .max(1200, 'must be a whole number of months from 1 to 1200, or empty to keep every month')
      .optional(),
  ),
  /**
   * The first Administrator of a database with no unit yet (installs without the demo): their sign-in
   * name, password and e-mail, and the unit they run. Ignored once the database has a unit.
   */
  PANTAU_ADMIN_USERNAME: optionalText.pipe(
    z
      .string()
      .min(3, 'must be at least 3 characters')
      .max(64, 'must be at most 64 characters')
      .regex(/^[a-zA-Z0-9._-]+$/, 'may use letters, digits, dot, dash and underscore only')
      .optional(),
  ),
  PANTAU_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
  ),
  PANTAU_ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  PANTAU_UNIT_NAME: optionalText.pipe(z.string().max(120, 'must be at most 120 characters').optional()),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

/** Every environment variable the server reads (the deployment files set no other). */
export const environmentVariables = Object.keys(envSchema.shape) as readonly string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  gt06Port: number;
  osmandPort: number;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDist: string;
  logLevel: string;
  /** Origin of links in e-mails; without it (and without allowedHosts) no reset link is mailed. */
  publicUrl: string | undefined;
  /** Host names a request's Host may name for links (lower case, `host` or `host:port`). */
  allowedHosts: string[];
  /** Fastify's trustProxy: which X-Forwarded-* headers to believe (protocol, client address, host). */
  trustProxy: boolean | string;
  /** Bearer token Traccar's JSON forwarding must send; forwarding is off without it. */
  forwardToken: string | undefined;
  /** Bearer token of `GET /metrics` (Prometheus); metrics are off (404) without it. */
  metricsToken: string | undefined;
  /** Run the demo simulator (default: on with the demo data). */
  simulator: boolean;
  /** Days of simulated history written on the first start; 0: none. */
  backfillDays: number;
  /**
   * Months of raw positions kept: the current month and this many before it (older months are dropped
   * daily; trips, stops, visits, days and events stay). Undefined keeps every month.
   */
  retentionMonths: number | undefined;
  /** The first Administrator and their unit, made when the database has no unit (PANTAU_ADMIN_*). */
  firstAdministrator:
    { username: string; password: string; email: string | undefined; unitName: string } | undefined;
}

export class ConfigError extends Error {}

function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  return value.replace(/\s+/g, '');
}

/** Reads the environment once; a bad value throws a ConfigError whose message names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const name = String(first?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment: ${name} ${first?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  if (!e.PANTAU_ADMIN_USERNAME !== !e.PANTAU_ADMIN_PASSWORD)
    throw new ConfigError(
      e.PANTAU_ADMIN_USERNAME
        ? 'Invalid environment: PANTAU_ADMIN_PASSWORD is required with PANTAU_ADMIN_USERNAME'
        : 'Invalid environment: PANTAU_ADMIN_USERNAME is required with PANTAU_ADMIN_PASSWORD',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.PANTAU_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.PANTAU_DEMO === '1',
    gt06Port: e.GT06_PORT,
    osmandPort: e.OSMAND_PORT,
    jwtSecret: e.PANTAU_JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Pantau <no-reply@pantau.local>',
    webDist: resolve(e.PANTAU_WEB_DIST ?? resolve(serverRoot, '../web/dist')),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PANTAU_PUBLIC_URL,
    allowedHosts: (e.PANTAU_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: trustProxyOf(e.PANTAU_TRUST_PROXY),
    forwardToken: e.PANTAU_FORWARD_TOKEN,
    metricsToken: e.PANTAU_METRICS_TOKEN,
    simulator: (e.PANTAU_SIMULATOR ?? e.PANTAU_DEMO) === '1',
    backfillDays: e.PANTAU_BACKFILL_DAYS,
    retentionMonths: e.PANTAU_RETENTION_MONTHS,
    firstAdministrator:
      e.PANTAU_ADMIN_USERNAME && e.PANTAU_ADMIN_PASSWORD
        ? {
            username: e.PANTAU_ADMIN_USERNAME,
            password: e.PANTAU_ADMIN_PASSWORD,
            email: e.PANTAU_ADMIN_EMAIL,
            unitName: e.PANTAU_UNIT_NAME ?? 'Pantau',
          }
        : undefined,
  };
}
