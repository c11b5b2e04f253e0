import dayjs from 'dayjs';
import 'dayjs/locale/id';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Resources } from '../locales/resources';
import { coreNamespaces, loadTexts, otherNamespaces } from '../locales/texts';

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

/**
 * Texts load by part (locales/texts.ts): a namespace's part brings its siblings into the store too, so
 * that the next page's namespaces are there without a wait of their own.
 */
const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadTexts(parseLanguage(language), namespace).then(
      (part) => {
        for (const [name, texts] of Object.entries(part))
          if (name !== namespace && !i18n.hasResourceBundle(language, name))
            i18n.addResourceBundle(language, name, texts);
        callback(null, part[namespace as keyof Resources] ?? {});
      },
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/**
 * Resolves once the current language's first-view texts are in: the boot (main.tsx) waits for it before
 * it draws anything. English and Indonesian have the same keys (locales/resources.test.ts), so there is
 * no fallback language to load as well.
 */
export const textsReady: Promise<unknown> = i18n
  .use(textsBackend)
  .use(initReactI18next)
  .init({
    lng: initial,
    fallbackLng: false,
    supportedLngs: languages,
    // A copy: i18next adds the namespaces it loads later to this list.
    ns: [...coreNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The current language's texts of every page (the part beyond the first view's), for a page about to render. */
export function loadAllTexts(): Promise<unknown> {
  return i18n.loadNamespaces(otherNamespaces);
}

/** Waits for `module` and the texts of every page: a lazily loaded page or panel renders with its words. */
export function withAllTexts<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadAllTexts()]).then(([loaded]) => loaded);
}

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
