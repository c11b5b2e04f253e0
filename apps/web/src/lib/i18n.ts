import dayjs from 'dayjs';
import 'dayjs/locale/id';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, id, namespaces, type Resources } from '../locales/resources';

dayjs.extend(relativeTime);

export const LANGUAGE_STORAGE_KEY = 'language';
export const languages = ['en', 'id'] as const;
export type Language = (typeof languages)[number];

export function parseLanguage(value: string | null | undefined): Language {
  return value === 'id' ? 'id' : 'en';
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

const initial = parseLanguage(
  typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY),
);

void i18n.use(initReactI18next).init({
  resources: { en, id },
  lng: initial,
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(language: Language): void {
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(initial);

/** Switches language, remembers it under `language` and moves dayjs along (antd follows in the providers). */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export default i18n;
