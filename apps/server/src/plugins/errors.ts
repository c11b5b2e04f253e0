import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, Problem } from '@pantau/contracts';
import { DomainError, RateLimitedError, type FieldError } from '../errors.js';

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
  SHARE_REVOKED: { status: 410, title: 'Link revoked' },
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
  const base = problemOf(status === 404 ? 'NOT_FOUND' : 'VALIDATION', err.message);
  return {
    ...base,
    status,
    title:
      status === 413 ? 'Request body too large' : status === 415 ? 'Unsupported content type' : base.title,
  };
}

/** Installs the problem+json error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: fieldPath(v.instancePath),
        message: v.message ?? 'Invalid',
      }));
      return sendProblem(reply, problemOf('VALIDATION', 'Some fields are invalid', errors));
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
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return sendProblem(reply, problemOf('INTERNAL', `Something went wrong (request ${request.id})`));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problemOf('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
