import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import idAuth from '../locales/id/auth.json';
import idCommon from '../locales/id/common.json';
import idErrors from '../locales/id/errors.json';
import type { Resources } from '../locales/resources';
import type { TextsLanguage } from '../locales/texts';

/**
 * The signed-out pages' texts, in place of locales/texts.ts in their build (vite.signed-out.config.ts):
 * these three namespaces in both languages (~3 kB) are part of the page, and nothing else is loaded.
 */
const texts = {
  en: { common: enCommon, errors: enErrors, auth: enAuth },
  id: { common: idCommon, errors: idErrors, auth: idAuth },
} as unknown as Record<TextsLanguage, Partial<Resources>>;

export const coreNamespaces = ['common', 'errors', 'auth'] as const;
export const otherNamespaces = [] as const;

export function loadTexts(language: TextsLanguage): Promise<Partial<Resources>> {
  return Promise.resolve(texts[language]);
}
