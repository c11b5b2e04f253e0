import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { COOKIE, ROLE_HEADER, ROLES, isAdministrator, reportsOf, type ReportName } from '@pantau/contracts';
import { ForbiddenError, RoleRequiredError, UnauthenticatedError } from '../errors.js';
import type { AuthService, AuthUser } from '../modules/auth/auth.service.js';

/**
 * What a route needs, declared as `config: { auth }`:
 * - `public`: nothing;
 * - `token`: a valid token (me, unlock, units);
 * - `role`: a token and a chosen role the user holds (any role);
 * - `admin`: the chosen role is Administrator. A role name the product does not know may read
 *   (GET) but never write (DESIGN §7).
 */
export type AuthLevel = 'public' | 'token' | 'role' | 'admin';

/** The chosen role: one of the user's groups. */
export interface ChosenRole {
  unitId: number;
  role: string;
}

export interface Access {
  user: AuthUser | null;
  role: ChosenRole | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** The chosen role may also come as `?unitId=&role=` (the live WebSocket: browsers cannot set headers on it). */
    roleInQuery?: boolean;
    /** A report of the Report group: the chosen role must have it in its menu (`reportsOf`). */
    report?: ReportName;
  }
  interface FastifyRequest {
    /** Set by the guard on routes with auth other than `public`. */
    user: AuthUser;
    /** Set by the guard on `role` and `admin` routes. */
    role: ChosenRole;
  }
  interface FastifyInstance {
    /** Who is asking and which role they chose; never throws. */
    resolveAccess(request: FastifyRequest): Promise<Access>;
    /**
     * The same, asked again of a request answered earlier (an open live socket's upgrade): throws
     * when the answer cannot be known (the database away), rather than answering "signed out".
     */
    accessNow(request: FastifyRequest): Promise<Access>;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[COOKIE.token] || undefined;
}

/** The role the client names (headers for API clients, else the role cookies), if it is one the user holds. */
export function chosenRoleOf(request: FastifyRequest, user: AuthUser): ChosenRole | null {
  const query = request.routeOptions.config?.roleInQuery
    ? (request.query as { unitId?: unknown; role?: unknown } | undefined)
    : undefined;
  const fromQuery = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const unitText =
    fromQuery(query?.unitId) ??
    (request.headers[ROLE_HEADER.unit] as string | undefined) ??
    request.cookies[COOKIE.roleUnit];
  const roleText =
    fromQuery(query?.role) ??
    (request.headers[ROLE_HEADER.role] as string | undefined) ??
    request.cookies[COOKIE.roleUser];
  if (!unitText || !roleText) return null;
  const unitId = Number(unitText);
  const group = user.groups.find((g) => g.unitId === unitId && g.role === roleText);
  return group ? { unitId: group.unitId, role: group.role } : null;
}

const isKnownRole = (role: string) => (ROLES as readonly string[]).includes(role);
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerAuthGuard(app: FastifyInstance, deps: { authService: AuthService }) {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('role', null as unknown as ChosenRole);

  app.decorate('accessNow', async (request: FastifyRequest): Promise<Access> => {
    let user: AuthUser;
    try {
      user = await deps.authService.authenticate(tokenOf(request));
    } catch (err) {
      if (err instanceof UnauthenticatedError) return { user: null, role: null };
      throw err;
    }
    return { user, role: chosenRoleOf(request, user) };
  });
  app.decorate('resolveAccess', (request: FastifyRequest): Promise<Access> =>
    app.accessNow(request).catch(() => ({ user: null, role: null })),
  );

  // Every /api route must say what it needs, so forgetting the guard fails at start-up, not in production.
  // The OpenAPI description says it too: `security` (none on public routes), `x-pantau-access` and, on
  // the Report group's routes, `x-pantau-report`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const level = route.config?.auth;
    if (!level) throw new Error(`route ${route.method} ${route.url} declares no config.auth`);
    route.schema = {
      ...route.schema,
      ...(level === 'public' ? { security: [] } : {}),
      'x-pantau-access': level,
      ...(route.config?.report ? { 'x-pantau-report': route.config.report } : {}),
    } as FastifySchema;
  });

  // onRequest: a missing token answers 401 before the body or query is even looked at.
  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config.auth ?? 'public';
    if (level === 'public') return;
    request.user = await deps.authService.authenticate(tokenOf(request));
    if (level === 'token') return;
    const role = chosenRoleOf(request, request.user);
    if (!role) throw new RoleRequiredError();
    request.role = role;
    if (level === 'admin' && !isAdministrator(role.role)) {
      if (isKnownRole(role.role) || !readOnlyMethods.has(request.method))
        throw new ForbiddenError('Only an Administrator may do this');
    }
    const report = request.routeOptions.config.report;
    if (report && !reportsOf(role.role).includes(report))
      throw new ForbiddenError('Your role has no access to this report');
  });
}

/** The unit a request may read: `requested` if the user holds a role there (else 403), or the chosen one. */
export function unitInScope(request: FastifyRequest, requested: number | undefined): number {
  if (requested === undefined || requested === request.role.unitId) return request.role.unitId;
  if (!request.user.groups.some((g) => g.unitId === requested))
    throw new ForbiddenError('You hold no role in that unit');
  return requested;
}
