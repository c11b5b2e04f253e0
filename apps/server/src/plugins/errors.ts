import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { INT4_MAX, INT4_MIN, NUL_MESSAGE, type ErrorCode, type Problem } from '@pantau/contracts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/availability.js';
import { DomainError, RateLimitedError, ValidationError, type FieldError } from '../errors.js';

/** The one place an error code becomes an HTTP status and a title. */
const byCode: Record<ErrorCode, { status: number; title: string }> = {
  VALIDATION: { status: 400, title: 'Invalid request' },
  UNAUTHENTICATED: { status: 401, title: 'Not signed in' },
  INVALID_CREDENTIALS: { status: 401, title: 'Wrong username or password' },
  ACCOUNT_DISABLED: { status: 403, title: 'Account disabled' },
  RATE_LIMITED: { status: 429, title: 'Too many attempts' },
  ROLE_REQUIRED: { status: 403, title: 'Choose a role' },
  FORBIDDEN: { status: 403, title: 'Not allowed' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  CONFLICT: { status: 409, title: 'Already exists' },
  RESET_TOKEN_INVALID: { status: 400, title: 'Invalid reset token' },
  WRONG_PASSWORD: { status: 400, title: 'Wrong current password' },
  LAST_ADMINISTRATOR: { status: 409, title: 'Last Administrator' },
  SHARE_NOT_FOUND: { status: 404, title: 'Unknown link' },
  SHARE_EXPIRED: { status: 410, title: 'Link expired' },
  EXPORT_LINK_INVALID: { status: 410, title: 'Export link invalid' },
  SHARE_REVOKED: { status: 410, title: 'Link revoked' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Database unavailable' },
  INTERNAL: { status: 500, title: 'Internal server error' },
};

export function problemOf(code: ErrorCode, detail?: string, errors?: FieldError[]): Problem {
  const { status, title } = byCode[code];
  return {
    type: `https://pantau.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`,
    title,
    status,
    ...(detail ? { detail } : {}),
    code,
    ...(errors ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, p: Problem) {
  return reply.code(p.status).type('application/problem+json').send(p);
}

const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their 4xx status. */
function clientProblem(err: FastifyError): Problem | undefined {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  // Fastify's own 400s are about the body as a whole (not JSON, empty, wrong encoding).
  const base = problemOf(
    status === 404 ? 'NOT_FOUND' : 'VALIDATION',
    err.message,
    status === 400 ? [{ path: '(body)', message: err.message }] : undefined,
  );
  return {
    ...base,
    status,
    title:
      status === 413 ? 'Request body too large' : status === 415 ? 'Unsupported content type' : base.title,
  };
}

type Part = 'params' | 'query' | 'body';
const parts: Part[] = ['params', 'query', 'body'];
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Every string (and key) in a parsed request part, with its field path, depth-first. */
function* stringsOf(value: unknown, path = '', depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [path || '(root)', value];
  else if (Array.isArray(value) && depth < 32)
    for (const [i, v] of value.entries()) yield* stringsOf(v, join(path, i), depth + 1);
  else if (value && typeof value === 'object' && depth < 32)
    for (const [k, v] of Object.entries(value)) {
      yield [join(path, k), k];
      yield* stringsOf(v, join(path, k), depth + 1);
    }
}

/** The first field of the request holding a NUL character (PostgreSQL text cannot store one). */
function nulField(request: FastifyRequest): string | undefined {
  for (const part of parts)
    for (const [path, text] of stringsOf(request[part])) if (text.includes('\u0000')) return path;
  return undefined;
}

/** Fields whose value a database column could refuse: NUL, integers beyond int4, numbers beyond float4. */
function suspectFields(request: FastifyRequest): FieldError[] {
  const out: FieldError[] = [];
  const numberAt = (path: string, n: number) => {
    if (!Number.isFinite(n) || Math.abs(n) > 3.4e38) out.push({ path, message: 'Number out of range' });
    else if (Number.isInteger(n) && (n > INT4_MAX || n < INT4_MIN))
      out.push({ path, message: `Must be between ${INT4_MIN} and ${INT4_MAX}` });
  };
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'number') numberAt(path || '(root)', value);
    else if (typeof value === 'string') {
      if (value.includes('\u0000')) out.push({ path: path || '(root)', message: NUL_MESSAGE });
      else if (/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value))
        numberAt(path || '(root)', Number(value));
    } else if (value && typeof value === 'object' && depth < 32)
      for (const [k, v] of Object.entries(value)) walk(v, join(path, k), depth + 1);
  };
  for (const part of parts) walk(request[part], '', 0);
  return out;
}

/** PostgreSQL's "data exception" class (22xxx): a value the column or cast refused. */
function dataExceptionOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as never, i++
  )
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return e.code;
  return undefined;
}

/**
 * Fastify's own answers outside the routes, as problem+json: a URL that does not decode
 * (`frameworkErrors`), and a request the HTTP parser refuses (headers too large, malformed).
 */
export const problemServerOptions = {
  frameworkErrors: (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(
      reply,
      problemOf('VALIDATION', err.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : err.message, [
        { path: '(url)', message: err.message },
      ]),
    ),
  clientErrorHandler: (err: Error & { code?: string }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const title =
      status === 431 ? 'Request headers too large' : status === 408 ? 'Request timeout' : 'Malformed request';
    const body = JSON.stringify({ ...problemOf('VALIDATION', title), status, title });
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${title}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Type: application/problem+json\r\nConnection: close\r\n\r\n${body}`,
      );
    socket.destroy();
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;

/** Installs the problem+json error and not-found handlers and the input guard on the root instance. */
export function registerErrorHandling(app: FastifyInstance) {
  // Before any schema: a NUL anywhere (a field the schema lets through, a key, an extra property)
  // is refused here, naming the field, so it never reaches a text column.
  app.addHook('preValidation', async (request) => {
    const path = nulField(request);
    if (path !== undefined)
      throw new ValidationError('Some fields are invalid', [{ path, message: NUL_MESSAGE }]);
  });

  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: fieldPath(v.instancePath),
        message: v.message ?? 'Invalid',
      }));
      return sendProblem(reply, problemOf('VALIDATION', 'Some fields are invalid', errors));
    }
    // A database restart or a dropped connection: the request may be sent again shortly.
    if (isDatabaseUnavailable(err)) {
      const unavailable = err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(err);
      request.log.warn({ reqId: request.id, err: err.message }, 'database unavailable');
      reply.header('retry-after', String(unavailable.retryAfterSeconds));
      return sendProblem(reply, problemOf('DATABASE_UNAVAILABLE', unavailable.message));
    }
    if (err instanceof DomainError) {
      if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
      return sendProblem(reply, problemOf(err.code, err.message, err.errors));
    }
    if (err.statusCode === 429) {
      return sendProblem(reply, problemOf('RATE_LIMITED', 'Too many requests'));
    }
    const client = clientProblem(err);
    if (client) return sendProblem(reply, client);
    // A value a column refused that no schema caught: the client's fault, named as far as it can be.
    const dataException = dataExceptionOf(err);
    if (dataException) {
      request.log.warn({ err, reqId: request.id }, `database refused a value (${dataException})`);
      const fields = suspectFields(request);
      return sendProblem(
        reply,
        problemOf(
          'VALIDATION',
          'A value is out of range or not valid',
          fields.length ? fields : [{ path: '(request)', message: 'A value is out of range or not valid' }],
        ),
      );
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return sendProblem(reply, problemOf('INTERNAL', `Something went wrong (request ${request.id})`));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problemOf('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
