import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const tokenFromLog = (username: string) => {
  const line = [...t.logs]
    .reverse()
    .find((l) => String(l.msg).startsWith(`password reset token for ${username}: `));
  return line ? String(line.msg).split(': ')[1]! : undefined;
};

describe('password reset without SMTP (token in the server log)', () => {
  it('always answers 202 with a message, and logs a token only for an existing account', async () => {
    const unknown = await call(t.url, '/api/auth/forgot', { body: { username: 'nobody-here' } });
    expect(unknown.status).toBe(202);
    expect(typeof unknown.json.data.message).toBe('string');
    expect(t.logs.some((l) => String(l.msg).includes('nobody-here'))).toBe(false);

    const known = await call(t.url, '/api/auth/forgot', { body: { username: 'operator@pantau.example' } });
    expect(known.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    expect(tokenFromLog('operator')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('resets the password once; the old token and the old password stop working', async () => {
    const oldSession = await signIn(t.url, 'operator');
    await call(t.url, '/api/auth/forgot', { body: { username: 'operator' } });
    const token = tokenFromLog('operator')!;

    const reset = await call(t.url, '/api/auth/reset', { body: { token, password: 'baru-12345' } });
    expect(reset.status).toBe(204);

    const again = await call(t.url, '/api/auth/reset', { body: { token, password: 'lagi-12345' } });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('RESET_TOKEN_INVALID');

    expect((await call(t.url, '/api/auth/me', { token: oldSession })).status).toBe(401);
    expect(
      (await call(t.url, '/api/auth/login', { body: { username: 'operator', password: 'demo1234' } })).status,
    ).toBe(401);
    expect(await signIn(t.url, 'operator', 'baru-12345')).toBeTruthy();
  });

  it('rejects an unknown token with 400 RESET_TOKEN_INVALID and a short password with 400 naming it', async () => {
    const bad = await call(t.url, '/api/auth/reset', {
      body: { token: 'x'.repeat(43), password: 'baru-12345' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('RESET_TOKEN_INVALID');
    const short = await call(t.url, '/api/auth/reset', { body: { token: 'x'.repeat(43), password: '123' } });
    expect(short.status).toBe(400);
    expect(short.json.errors[0].path).toBe('password');
  });

  it('rejects an expired token (older than one hour)', async () => {
    let now = Date.now();
    const clocked = await startTestApp({ db: t.db, deps: { clock: () => new Date(now) } });
    try {
      await call(clocked.url, '/api/auth/forgot', { body: { username: 'guest' } });
      const line = [...clocked.logs]
        .reverse()
        .find((l) => String(l.msg).startsWith('password reset token for guest: '))!;
      now += 61 * 60_000;
      const r = await call(clocked.url, '/api/auth/reset', {
        body: { token: String(line.msg).split(': ')[1], password: 'baru-12345' },
      });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe('RESET_TOKEN_INVALID');
    } finally {
      await clocked.close();
    }
  });
});

describe('password reset over SMTP', () => {
  it('mails the reset link to the account through a real SMTP peer', async () => {
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as AddressInfo).port;
    const mailing = await startTestApp({
      db: t.db,
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Pantau <no-reply@pantau.example>',
        publicUrl: 'https://pantau.example',
      },
    });
    try {
      const r = await call(mailing.url, '/api/auth/forgot', { body: { username: 'admin' } });
      expect(r.status).toBe(202);
      expect(mails).toHaveLength(1);
      // Undo quoted-printable soft line breaks and escapes of the text part.
      const raw = mails[0]!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      expect(raw).toMatch(/^Subject: Pantau password reset$/m);
      expect(raw).toMatch(/^To: .*admin@pantau\.example/m);
      const token = /https:\/\/pantau\.example\/forgot\?token=([A-Za-z0-9_-]+)/.exec(raw)![1]!;
      expect(mailing.logs.some((l) => String(l.msg).includes(token))).toBe(false);
      expect(
        (await call(mailing.url, '/api/auth/reset', { body: { token, password: 'admin-baru-1' } })).status,
      ).toBe(204);
      expect(await signIn(mailing.url, 'admin', 'admin-baru-1')).toBeTruthy();
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

/** A local SMTP peer that keeps every mail it receives. */
async function startSmtp() {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        );
        done();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    mails,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** POST /api/auth/forgot with a Host header of our choosing (fetch always sends the real one). */
function forgotWithHost(base: string, host: string) {
  const url = new URL('/api/auth/forgot', base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ username: 'admin' }));
  });
}

describe('reset links never take their host from the request', () => {
  it('mails nothing without PANTAU_PUBLIC_URL or PANTAU_ALLOWED_HOSTS, and answers the same 202', async () => {
    const smtp = await startSmtp();
    const app = await startTestApp({ db: t.db, config: { smtpUrl: smtp.url, publicUrl: undefined } });
    try {
      const forged = await forgotWithHost(app.url, 'evil.example');
      expect(forged.status).toBe(202);
      const unknown = await call(app.url, '/api/auth/forgot', { body: { username: 'nobody-at-all' } });
      expect(JSON.parse(forged.body)).toEqual(unknown.json);
      expect(smtp.mails).toHaveLength(0);
      expect(app.logs.some((l) => l.level === 40 && String(l.msg).includes('PANTAU_PUBLIC_URL'))).toBe(true);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('uses PANTAU_PUBLIC_URL whatever Host the request names', async () => {
    const smtp = await startSmtp();
    const app = await startTestApp({
      db: t.db,
      config: { smtpUrl: smtp.url, publicUrl: 'https://pantau.example.co.id' },
    });
    try {
      expect((await forgotWithHost(app.url, 'evil.example')).status).toBe(202);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toContain('https://pantau.example.co.id/forgot?token=');
      expect(smtp.mails[0]).not.toContain('evil.example');
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('with PANTAU_ALLOWED_HOSTS, links to an allowed host and mails nothing for any other', async () => {
    const smtp = await startSmtp();
    const app = await startTestApp({
      db: t.db,
      config: { smtpUrl: smtp.url, publicUrl: undefined, allowedHosts: ['pantau.lan:3000'] },
    });
    try {
      expect((await forgotWithHost(app.url, 'evil.example')).status).toBe(202);
      expect(smtp.mails).toHaveLength(0);
      expect((await forgotWithHost(app.url, 'Pantau.LAN:3000')).status).toBe(202);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toContain('http://pantau.lan:3000/forgot?token=');
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
