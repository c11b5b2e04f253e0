import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import idAuth from '../locales/id/auth.json';
import idCommon from '../locales/id/common.json';
import idErrors from '../locales/id/errors.json';
import type { Resources } from '../locales/resources';

/**
 * The namespaces of the signed-out pages, in place of locales/resources.ts in their build
 * (vite.signed-out.config.ts): the other pages' texts (~50 kB, both languages) are not downloaded there.
 */
export const en = { common: enCommon, errors: enErrors, auth: enAuth } as unknown as Resources;
export const id = { common: idCommon, errors: idErrors, auth: idAuth } as unknown as Resources;
export const namespaces: (keyof Resources)[] = ['common', 'errors', 'auth'];
export type { Resources };
