import type { z } from 'zod';
import { validationMessage } from '../../lib/validation-message';

/** An antd `form.setFields` entry. */
export interface FieldError {
  name: string;
  errors: string[];
}

/** The field a path names: `nomorPolisi`, `fleetIds.0` → `fleetIds`, `body.speedLimit` → `speedLimit`. */
export function fieldOfPath(path: string | readonly PropertyKey[], fields: readonly string[]): string | null {
  const segments = typeof path === 'string' ? path.split('.') : path.map(String);
  return segments.find((s) => fields.includes(s)) ?? null;
}

/** Groups messages by field, the first message of each field only (one clear message at a time). */
function byField(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
  fields: readonly string[],
): { fields: FieldError[]; other: string[] } {
  const found = new Map<string, string>();
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, fields);
    const message = validationMessage(issue.message);
    if (!field) other.push(message);
    else if (!found.has(field)) found.set(field, message);
  }
  return { fields: [...found].map(([name, message]) => ({ name, errors: [message] })), other };
}

/** A contract's validation failure (checked before sending) as field errors. */
export function zodFieldErrors(error: z.ZodError, fields: readonly string[]) {
  return byField(error.issues, fields);
}

/** The server's `errors[]` of a 400 or 409 problem as field errors; messages naming no field are `other`. */
export function serverFieldErrors(
  errors: readonly { path: string; message: string }[] | undefined,
  fields: readonly string[],
) {
  return byField(errors ?? [], fields);
}
