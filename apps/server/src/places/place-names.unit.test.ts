import { describe, expect, it } from 'vitest';
import { eventPlace, placeAndText, placeOf, placeText, placeWords } from './place-names.js';
import { knownSites } from './sites.js';

describe('place names', () => {
  it('reads "at" a site only inside its radius', () => {
    expect(placeOf(-6.29, 107.095)).toEqual({
      kind: 'at',
      name: 'Pool Cibitung',
      distanceKm: null,
      km: null,
    });
    // 250 m north of the pool's centre: still in the yard (300 m).
    expect(placeOf(-6.29 + 0.00225, 107.095).kind).toBe('at');
    // 1 km south, off the toll road: near it, with the distance.
    expect(placeOf(-6.29 - 0.009, 107.095)).toEqual({
      kind: 'near',
      name: 'Pool Cibitung',
      distanceKm: 1,
      km: null,
    });
  });

  it('a vehicle passing a rest area at speed is on the toll road, with its KM post', () => {
    expect(placeOf(-6.5, 107.73, 0).name).toBe('Rest Area KM 101 Tol Cipali');
    const passing = placeOf(-6.5, 107.73, 68);
    expect(passing).toEqual({ kind: 'road', name: 'Tol Cipali', distanceKm: null, km: 101 });
    expect(placeText(passing)).toBe('Tol Cipali KM ~101');
  });

  it('between KM posts the KM is measured along the road', () => {
    // Halfway between the KM 86 and KM 101 rest areas, on the line.
    const mid = placeOf(-6.5075, 107.69, 70);
    expect(mid.kind).toBe('road');
    expect(mid.name).toBe('Tol Cipali');
    expect(mid.km).toBeGreaterThan(86);
    expect(mid.km).toBeLessThan(101);
  });

  it('off the roads and sites it names the nearest town with the distance', () => {
    const p = placeOf(-6.6, 107.2);
    expect(p.kind).toBe('near');
    expect(p.name).toBe('Purwakarta');
    expect(p.distanceKm).toBeGreaterThan(20);
    expect(Number.isInteger(p.distanceKm)).toBe(true);
    expect(placeText(placeOf(-6.9, 107.6))).toBe('near Bandung, 1.6 km');
  });

  it('never answers without a name for a position, anywhere in Java and beyond', () => {
    for (let lat = -8.5; lat <= -5.5; lat += 0.25)
      for (let lon = 105; lon <= 114.5; lon += 0.5) {
        const { location, place } = placeAndText(lat, lon);
        expect(place?.name).toBeTruthy();
        expect(location).not.toMatch(/unknown/i);
      }
    expect(placeAndText(null, null)).toEqual({ place: null, location: null });
  });

  it('every site has a radius of a yard, a plant or a rest area', () => {
    for (const s of knownSites) {
      expect(s.radiusM).toBeGreaterThanOrEqual(200);
      expect(s.radiusM).toBeLessThanOrEqual(800);
    }
  });

  it('words a place in Indonesian as the web does: "di", "dekat" and a decimal comma', () => {
    expect(placeWords({ kind: 'at', name: 'Pool Cibitung', distanceKm: null, km: null }, 'id')).toBe(
      'di Pool Cibitung',
    );
    expect(placeWords({ kind: 'near', name: 'Cikarang', distanceKm: 5.5, km: null }, 'id')).toBe(
      'dekat Cikarang, 5,5 km',
    );
    expect(placeWords({ kind: 'road', name: 'Tol Cipali', distanceKm: null, km: 101 }, 'id')).toBe(
      'Tol Cipali KM ~101',
    );
    expect(placeWords({ kind: 'near', name: 'Cikarang', distanceKm: 5.5, km: null }, 'en')).toBe(
      'near Cikarang, 5.5 km',
    );
  });

  it('places an event in its geofence, else at its position, an over-speed at its top speed', () => {
    const e = { kind: 'overstop', lat: -6.3, lon: 107.2, maxValue: null };
    expect(eventPlace(e, 'Rest Area KM 57')).toEqual({
      kind: 'at',
      name: 'Rest Area KM 57',
      distanceKm: null,
      km: null,
    });
    expect(eventPlace(e, null)).toEqual(placeOf(-6.3, 107.2, 0));
    expect(eventPlace({ ...e, kind: 'overspeed', maxValue: 98 }, null)).toEqual(placeOf(-6.3, 107.2, 98));
    expect(eventPlace({ ...e, lat: null, lon: null }, null)).toBeNull();
  });
});
