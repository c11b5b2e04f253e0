import fp from 'fastify-plugin';
import { registerAuthGuard } from '../../plugins/auth.js';
import { createAuthRepo } from './auth.repo.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createTokenService } from './auth.tokens.js';
import { createLoginLimiter, defaultLoginLimits, type LoginLimits } from './login-limiter.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './mailer.js';

export interface AuthOptions {
  /** Default: SMTP when `config.smtpUrl` is set, otherwise the server log. */
  mailer?: Mailer | undefined;
  /** Failed sign-in limits (defaults: 5 per username and address, 30 per address, per 15 minutes). */
  loginLimits?: Partial<LoginLimits> | undefined;
}

/**
 * Sign-in, sign-up and password reset under `/api/auth`, and the guard every other route relies on
 * (`config.auth`, `request.user`, `request.role`): register it before any module with routes.
 */
export const authModule = fp<AuthOptions>(
  async (app, opts) => {
    const { config, clock } = app;
    if (!config.jwtSecret) throw new Error('the server needs config.jwtSecret (main.ts resolves it)');
    const mailer =
      opts.mailer ??
      (config.smtpUrl
        ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log: app.log })
        : createLogMailer(app.log));
    const authService = createAuthService({
      authRepo: createAuthRepo(app.db),
      tokens: createTokenService({ secret: config.jwtSecret, clock }),
      limiter: createLoginLimiter(
        { ...defaultLoginLimits, ...opts.loginLimits },
        { hits: app.hits, clock, scope: 'login' },
      ),
      mailer,
      clock,
    });
    registerAuthGuard(app, { authService });
    await app.register(
      authRoutes({ authService, publicUrl: config.publicUrl, allowedHosts: config.allowedHosts }),
      { prefix: '/api/auth' },
    );
  },
  { name: 'auth', decorators: { fastify: ['config', 'db', 'clock', 'hits'] } },
);
