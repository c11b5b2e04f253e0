import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginUser,
  passwordChangeInput,
  problem,
  profileInput,
  tokenResponse,
  userSettings,
  userSettingsResponse,
} from '@pantau/contracts';
import { createAuthRepo } from '../auth/auth.repo.js';
import { setTokenCookie } from '../auth/auth.routes.js';
import { createTokenService } from '../auth/auth.tokens.js';
import { createLoginLimiter, defaultLoginLimits } from '../auth/login-limiter.js';
import type { ManagementDeps } from '../management-deps.js';
import { createProfileRepo } from './profile.repo.js';
import { createProfileService } from './profile.service.js';

const errors = { 400: problem, 401: problem, 409: problem, 429: problem };

/** The signed-in user: /api/auth/profile, /api/auth/password, /api/auth/settings. */
export function profileRoutes(deps: ManagementDeps) {
  const profileService = createProfileService({
    db: deps.db,
    profileRepo: createProfileRepo(deps.db),
    authRepo: createAuthRepo(deps.db),
    // Same secret and clock as sign-in, so the token answered here is one the guard accepts.
    tokens: createTokenService({ secret: deps.config.jwtSecret!, clock: deps.clock }),
    // Wrong current passwords are counted like failed sign-ins (5 per user and address in 15 minutes).
    limiter: createLoginLimiter(defaultLoginLimits, deps.clock),
    clock: deps.clock,
  });
  const actorOf = (request: { user: { userId: number; username: string } }) => ({
    userId: request.user.userId,
    username: request.user.username,
  });

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.put(
      '/auth/profile',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['auth'],
          summary: 'Change your display name and e-mail',
          body: profileInput,
          response: { 200: loginUser, ...errors },
        },
      },
      async (request) => profileService.updateProfile(actorOf(request), request.body),
    );

    app.put(
      '/auth/password',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['auth'],
          summary: 'Change your password (ends your other sessions; answers a fresh token)',
          body: passwordChangeInput,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = await profileService.changePassword(actorOf(request), request.body, request.ip);
        setTokenCookie(request, reply, token);
        return { data: { access_token: token } };
      },
    );

    app.get(
      '/auth/settings',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['auth'],
          summary: 'Your settings (language, time zone, map style, notification sound)',
          response: { 200: userSettingsResponse, 401: problem },
        },
      },
      async (request) => profileService.settings(request.user.userId),
    );

    app.put(
      '/auth/settings',
      {
        config: { auth: 'token' },
        schema: {
          tags: ['auth'],
          summary: 'Save your settings (missing fields take their defaults)',
          body: userSettings,
          response: { 200: userSettingsResponse, ...errors },
        },
      },
      async (request) => profileService.saveSettings(actorOf(request), request.body),
    );
  };
}
