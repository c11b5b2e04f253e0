import fp from 'fastify-plugin';
import { createAuthRepo } from '../auth/auth.repo.js';
import { createTokenService } from '../auth/auth.tokens.js';
import { createLoginLimiter, defaultLoginLimits } from '../auth/login-limiter.js';
import { createProfileRepo } from './profile.repo.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

/** The signed-in user's own profile, password and settings (`/api/auth/profile|password|settings`). */
export const profileModule = fp(
  async (app) => {
    const { config, clock } = app;
    const profileService = createProfileService({
      db: app.db,
      profileRepo: createProfileRepo(app.db),
      authRepo: createAuthRepo(app.db),
      // Same secret and clock as sign-in, so the token answered here is one the guard accepts.
      tokens: createTokenService({ secret: config.jwtSecret!, clock }),
      // Wrong current passwords are counted like failed sign-ins (5 per user and address in 15 minutes).
      limiter: createLoginLimiter(defaultLoginLimits, { hits: app.hits, clock, scope: 'password' }),
      clock,
    });
    await app.register(profileRoutes({ profileService }), { prefix: '/api' });
  },
  { name: 'profile', dependencies: ['auth'], decorators: { fastify: ['config', 'db', 'clock', 'hits'] } },
);
