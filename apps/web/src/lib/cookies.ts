/** Cookie helpers. The parsing and serialising functions are pure so they test without a DOM. */

export interface CookieOptions {
  path?: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** Parses a `document.cookie` string into name → value. */
export function parseCookies(cookieString: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** One `Set-Cookie`-style assignment for `document.cookie` (path / by default, spec §3). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** The assignment that deletes a cookie on path /. */
export function expireCookie(name: string, path = '/'): string {
  return serializeCookie(name, '', { path, maxAge: 0 });
}

export function getCookie(name: string): string | undefined {
  return parseCookies(document.cookie)[name];
}

export function setCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}

export function deleteCookie(name: string): void {
  document.cookie = expireCookie(name);
}
