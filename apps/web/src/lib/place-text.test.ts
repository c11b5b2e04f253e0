import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { placeText } from './place-text';

// Both languages' texts (the app loads the user's only).
await i18n.loadLanguages(['en', 'id']);

describe('place text', () => {
  it("words the server's place in English and Indonesian", () => {
    const at = { place: { kind: 'at' as const, name: 'Pool Cibitung', distanceKm: null, km: null } };
    const near = { place: { kind: 'near' as const, name: 'Cikarang', distanceKm: 2.5, km: null } };
    const road = { place: { kind: 'road' as const, name: 'Tol Cipali', distanceKm: null, km: 101 } };
    expect([at, near, road].map((v) => placeText(v, '—', 'en'))).toEqual([
      'at Pool Cibitung',
      'near Cikarang, 2.5 km',
      'Tol Cipali KM ~101',
    ]);
    expect([at, near, road].map((v) => placeText(v, '—', 'id'))).toEqual([
      'di Pool Cibitung',
      'dekat Cikarang, 2,5 km',
      'Tol Cipali KM ~101',
    ]);
  });

  it('falls back to the text, then the coordinates; the fallback only without a position', () => {
    expect(placeText({ place: null, location: 'near Bekasi, 3 km', lat: -6.2, lon: 107 }, '—', 'en')).toBe(
      'near Bekasi, 3 km',
    );
    expect(placeText({ place: null, location: null, lat: -6.2, lon: 107 }, '—', 'en')).toBe(
      '-6.20000, 107.00000',
    );
    expect(placeText({ place: null, location: null, lat: null, lon: null }, 'No position yet', 'en')).toBe(
      'No position yet',
    );
  });
});
