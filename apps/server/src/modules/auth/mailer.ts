import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface PasswordResetMail {
  username: string;
  email: string;
  displayName: string;
  token: string;
  /** Null when the server has no trusted public address (PANTAU_PUBLIC_URL or PANTAU_ALLOWED_HOSTS). */
  link: string | null;
}

/** Sends the mails the product needs; SMTP when configured, otherwise the server log. */
export interface Mailer {
  sendPasswordReset(mail: PasswordResetMail): Promise<void>;
}

export function createSmtpMailer(opts: { url: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async sendPasswordReset(m) {
      if (!m.link) {
        opts.log.warn(
          `password reset for ${m.username} not mailed: set PANTAU_PUBLIC_URL or PANTAU_ALLOWED_HOSTS so the link names this server`,
        );
        return;
      }
      await transport.sendMail({
        from: opts.from,
        to: { name: m.displayName, address: m.email },
        subject: 'Pantau password reset',
        text: [
          `Hello ${m.displayName},`,
          '',
          `Someone asked to reset the Pantau password of the account "${m.username}".`,
          `Open this link within one hour to choose a new password:`,
          m.link,
          '',
          'If it was not you, ignore this e-mail; your password stays the same.',
        ].join('\n'),
      });
    },
  };
}

/** Without SMTP the operator reads the reset token from the server log (nothing leaves the server). */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async sendPasswordReset(m) {
      log.info(m.link ? { link: m.link } : {}, `password reset token for ${m.username}: ${m.token}`);
    },
  };
}
