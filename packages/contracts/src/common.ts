import { z } from 'zod';
import { intQuery } from './input.js';

/** Default page size of every list (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Most rows one list call may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** `Take`/`Skip` paging query of every list endpoint (spec §3: "Paging payload uses Take and Skip"). */
export const pagingQuery = z.object({
  Take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  Skip: intQuery(0).default(0),
});

/** Every list answers `{ count, results }`: `count` is the total, `results` one page. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int().min(0), results: z.array(item) });

/** application/problem+json body of every error answer. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problem>;

/** Literal error codes the server answers with; the web translates each one. */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'RATE_LIMITED',
  'ROLE_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RESET_TOKEN_INVALID',
  'WRONG_PASSWORD',
  'LAST_ADMINISTRATOR',
  'SHARE_NOT_FOUND',
  'SHARE_EXPIRED',
  'EXPORT_LINK_INVALID',
  'SHARE_REVOKED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** `ok` (HTTP 200), or `degraded` (HTTP 503) while the database does not answer. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
