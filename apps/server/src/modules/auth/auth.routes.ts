import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COOKIE,
  forgotRequest,
  loginRequest,
  loginUser,
  messageResponse,
  problem,
  resetRequest,
  signupRequest,
  signupResponse,
  tokenResponse,
  unlockRequest,
} from '@pantau/contracts';
import { tokenOf } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';
import { TOKEN_TTL_SECONDS } from './auth.tokens.js';

const errors = { 400: problem, 401: problem, 403: problem, 409: problem, 429: problem };

/** The HttpOnly token cookie login sets (also used by the password change, modules/profile). */
export function setTokenCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(COOKIE.token, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: TOKEN_TTL_SECONDS,
  });
}

/**
 * The origin of links mailed to users: the configured public URL, else the request's own origin when
 * its host is one of the allowed hosts, else none (a forged Host header never names the link's site).
 */
export function linkOriginOf(
  request: FastifyRequest,
  config: { publicUrl: string | undefined; allowedHosts: readonly string[] },
): string | null {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host.toLowerCase();
  return config.allowedHosts.includes(host) ? `${request.protocol}://${host}` : null;
}

export function authRoutes(deps: {
  authService: AuthService;
  publicUrl: string | undefined;
  allowedHosts: readonly string[];
}) {
  const { authService } = deps;

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/login',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username or e-mail',
          body: loginRequest,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = await authService.login({ ...request.body, ip: request.ip });
        setTokenCookie(request, reply, token);
        return { data: { access_token: token } };
      },
    );

    app.get(
      '/me',
      {
        config: { auth: 'token' },
        schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: loginUser, 401: problem } },
      },
      async (request) => authService.me(request.user.userId),
    );

    app.post(
      '/logout',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the token stops working and the cookies are cleared',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await authService.logout(tokenOf(request));
        for (const name of [
          COOKIE.token,
          COOKIE.displayName,
          COOKIE.roleUser,
          COOKIE.roleUnit,
          COOKIE.roleFleet,
        ])
          reply.clearCookie(name, { path: '/' });
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/signup',
      {
        config: { auth: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Create an account (no role yet)',
          body: signupRequest,
          response: { 201: signupResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await authService.signup(request.body) }),
    );

    app.post(
      '/forgot',
      {
        config: { auth: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link',
          body: forgotRequest,
          response: { 202: messageResponse, 400: problem },
        },
      },
      async (request, reply) => {
        await authService.forgot({ username: request.body.username, origin: linkOriginOf(request, deps) });
        return reply.code(202).send({
          data: { message: 'If the account exists, a password reset link is on its way.' },
        });
      },
    );

    app.post(
      '/reset',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token',
          body: resetRequest,
          response: { 204: z.null(), 400: problem },
        },
      },
      async (request, reply) => {
        await authService.reset(request.body);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/unlock',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['auth'],
          summary: 'Unlock the lock screen',
          body: unlockRequest,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = await authService.unlock({
          userId: request.user.userId,
          password: request.body.password,
          ip: request.ip,
        });
        setTokenCookie(request, reply, token);
        return { data: { access_token: token } };
      },
    );
  };
}
