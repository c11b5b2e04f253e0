import { errorCodes, type ErrorCode } from '@pantau/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

const clientCodes = ['NETWORK', 'TIMEOUT', 'BAD_RESPONSE'] as const;
type KnownCode = ErrorCode | (typeof clientCodes)[number];

function knownCode(code: string): code is KnownCode {
  return (
    (errorCodes as readonly string[]).includes(code) || (clientCodes as readonly string[]).includes(code)
  );
}

/** The translated message for an error's code (STYLE: the web shows the translated message per code). */
export function errorMessage(t: TFunction<'errors'>, error: unknown): string {
  if (isApiError(error) && knownCode(error.code)) return t(`codes.${error.code}`);
  return t('codes.unknown');
}
