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
import { setTokenCookie } from '../auth/auth.routes.js';
import { actorOf } from '../kit/actor.js';
import type { ProfileService } from './profile.service.js';

const errors = { 400: problem, 401: problem, 409: problem, 429: problem };

/** The signed-in user: /api/auth/profile, /api/auth/password, /api/auth/settings. */
export function profileRoutes({ profileService }: { profileService: ProfileService }) {
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
