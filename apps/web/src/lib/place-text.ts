import type { PlaceRef } from '@pantau/contracts';
import i18n from 'i18next';

/** What a place is worded from: the server's structured place, its English text, and the position. */
export interface Placed {
  place?: PlaceRef | null;
  location?: string | null;
  lat?: number | null;
  lon?: number | null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function formatKm(value: number, language: string): string {
  const locale = language === 'id' ? 'id-ID' : 'en-US';
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    numberFormats.set(locale, f);
  }
  return f.format(value);
}

/**
 * Where a vehicle or an event is, in the user's language ("at Pool Cibitung" / "di Pool Cibitung",
 * "near Cikarang, 3 km" / "dekat Cikarang, 3 km", "Tol Cipali KM ~101"), from the server's place
 * service. Without a structured place, the server's text; without that, the coordinates; only with no
 * position at all `fallback` (a dash unless told otherwise).
 */
export function placeText(v: Placed, fallback = '—', language = i18n.resolvedLanguage ?? 'en'): string {
  const p = v.place;
  const t = i18n.getFixedT(language, 'common');
  if (p) {
    if (p.kind === 'at') return t('place.at', { name: p.name });
    if (p.kind === 'road')
      return p.km === null ? p.name : t('place.road', { name: p.name, km: formatKm(p.km, language) });
    return t('place.near', { name: p.name, distance: formatKm(p.distanceKm ?? 0, language) });
  }
  if (v.location) return v.location;
  if (v.lat != null && v.lon != null) return `${v.lat.toFixed(5)}, ${v.lon.toFixed(5)}`;
  return fallback;
}
