import type { ErrorCode } from '@pantau/contracts';

export interface FieldError {
  path: string;
  message: string;
}

/** An error a service raises on purpose; plugins/errors.ts maps its code to an HTTP status. */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  constructor(message: string, errors?: FieldError[]) {
    super(message);
    this.name = new.target.name;
    this.errors = errors;
  }
}

export class InvalidCredentialsError extends DomainError {
  readonly code = 'INVALID_CREDENTIALS' as const;
  constructor() {
    super('Wrong username or password');
  }
}
export class AccountDisabledError extends DomainError {
  readonly code = 'ACCOUNT_DISABLED' as const;
  constructor() {
    super('This account is disabled');
  }
}
export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED' as const;
  constructor(message = 'Sign in first') {
    super(message);
  }
}
export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED' as const;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed attempts; try again in ${retryAfterSeconds} seconds`);
  }
}
export class RoleRequiredError extends DomainError {
  readonly code = 'ROLE_REQUIRED' as const;
  constructor() {
    super('Choose a role first');
  }
}
export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN' as const;
  constructor(message = 'Your role does not allow this') {
    super(message);
  }
}
/** Input that passes the schema but not a rule across fields (a period too long); names the fields. */
export class ValidationError extends DomainError {
  readonly code = 'VALIDATION' as const;
  constructor(message: string, errors: FieldError[]) {
    super(message, errors);
  }
}
export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND' as const;
  constructor(message = 'Not found') {
    super(message);
  }
}
export class ConflictError extends DomainError {
  readonly code = 'CONFLICT' as const;
}
export class ResetTokenInvalidError extends DomainError {
  readonly code = 'RESET_TOKEN_INVALID' as const;
  constructor() {
    super('This reset link is invalid, expired or already used', [
      { path: 'token', message: 'This reset link is invalid, expired or already used' },
    ]);
  }
}

export class WrongPasswordError extends DomainError {
  readonly code = 'WRONG_PASSWORD' as const;
  constructor() {
    super('The current password is wrong', [
      { path: 'currentPassword', message: 'The current password is wrong' },
    ]);
  }
}
/** Removing, demoting or disabling the unit's only Administrator. */
export class LastAdministratorError extends DomainError {
  readonly code = 'LAST_ADMINISTRATOR' as const;
  constructor() {
    super('A unit must keep at least one Administrator');
  }
}
export class ShareRefusedError extends DomainError {
  constructor(readonly code: 'SHARE_NOT_FOUND' | 'SHARE_EXPIRED' | 'SHARE_REVOKED') {
    super(
      code === 'SHARE_EXPIRED'
        ? 'This link has expired'
        : code === 'SHARE_REVOKED'
          ? 'This link was revoked'
          : 'This link does not exist',
    );
  }
}
/** An export link that is malformed, expired, already used, or no longer the user's to use. */
export class ExportLinkInvalidError extends DomainError {
  readonly code = 'EXPORT_LINK_INVALID' as const;
  constructor() {
    super('This export link is invalid, expired or already used; export again from the report');
  }
}
