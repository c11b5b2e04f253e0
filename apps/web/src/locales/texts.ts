import type { Resources } from './resources';

export type Namespace = keyof Resources;
export type TextsLanguage = 'en' | 'id';
type Part = Partial<Resources>;

/**
 * The namespaces of what every signed-in page's first view draws: the shell, the bell, the live map with
 * its geofence, route and playback layers (the boot shell draws some of them before React). They load
 * before the app starts, one small file in the current language (public/prefetch-snapshot.js asks for it
 * with the page); the other pages' texts load together with the first of those pages, and the other
 * language's when the user switches. Before, both languages of every page were in each first load:
 * ~28 kB compressed of which a page needs ~6.
 */
export const coreNamespaces = [
  'common',
  'errors',
  'shell',
  'notifications',
  'map',
  'geography',
  'routes',
  'playback',
] as const satisfies readonly Namespace[];

/** Every other namespace (locales/texts.test.ts checks that the two lists hold all, once). */
export const otherNamespaces = [
  'auth',
  'placeholder',
  'vehicles',
  'dashboard',
  'vehicleSummary',
  'management',
  'drivers',
  'fleets',
  'users',
  'share',
  'settings',
  'reports',
  'workOrders',
  'violationTraffic',
  'availability',
  'carCarrier',
  'vehicleHealth',
] as const satisfies readonly Namespace[];

const parts: Record<TextsLanguage, Record<'core' | 'rest', () => Promise<{ default: Part }>>> = {
  en: { core: () => import('./en/core'), rest: () => import('./en/rest') },
  id: { core: () => import('./id/core'), rest: () => import('./id/rest') },
};

function isCoreNamespace(namespace: string): boolean {
  return (coreNamespaces as readonly string[]).includes(namespace);
}

/** The part of a language's texts that holds `namespace`: every namespace of that part, by name. */
export async function loadTexts(language: TextsLanguage, namespace: string): Promise<Part> {
  const part = parts[language][isCoreNamespace(namespace) ? 'core' : 'rest'];
  return (await part()).default;
}
