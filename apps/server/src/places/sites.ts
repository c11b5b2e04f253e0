/**
 * Known sites of the demo region (research/domain.md §7.1; coordinates approximate), used for the
 * place names of vehicles and events and for where stopping is allowed, until geofences exist (the
 * geofence issue replaces this list with the unit's own geofences and POIs). A vehicle is "at" a site
 * only within its radius: a yard or a plant is a few hundred metres across, a rest area less.
 */
export type SiteKind = 'plant' | 'port' | 'pool' | 'dealer' | 'hub' | 'rest_area';
export interface Site {
  name: string;
  kind: SiteKind;
  lat: number;
  lon: number;
  /** Metres from the centre within which a vehicle is at the site. */
  radiusM: number;
}

/** The radius a site of a kind has, metres. */
export const SITE_RADIUS_M: Record<SiteKind, number> = {
  plant: 700,
  port: 800,
  pool: 300,
  hub: 500,
  dealer: 200,
  rest_area: 250,
};

const site = (name: string, kind: SiteKind, lat: number, lon: number): Site => ({
  name,
  kind,
  lat,
  lon,
  radiusM: SITE_RADIUS_M[kind],
});

export const knownSites: readonly Site[] = [
  site('TMMIN Sunter Plant', 'plant', -6.139, 106.884),
  site('ADM Sunter Assembly Plant', 'plant', -6.143, 106.89),
  site('TMMIN Karawang (KIIC)', 'plant', -6.362, 107.29),
  site('ADM Karawang Assembly Plant', 'plant', -6.4, 107.368),
  site('Honda Prospect Motor, Karawang', 'plant', -6.391, 107.336),
  site('Suzuki Cikarang Plant (GIIC)', 'plant', -6.365, 107.166),
  site('Suzuki Tambun Plant', 'plant', -6.263, 107.063),
  site('Mitsubishi MMKI (GIIC)', 'plant', -6.357, 107.158),
  site('Hyundai HMMI, Deltamas', 'plant', -6.383, 107.163),
  site('Wuling SGMW (GIIC)', 'plant', -6.352, 107.172),
  site('IPC Car Terminal, Tanjung Priok', 'port', -6.101, 106.907),
  site('Patimban Car Terminal', 'port', -6.245, 107.913),
  site('Pelabuhan Merak', 'port', -5.931, 106.004),
  site('Pelabuhan Bakauheni', 'port', -5.866, 105.752),
  site('Toyota Distribution Centre, Mojokerto', 'hub', -7.47, 112.43),
  site('Dealer Bandung', 'dealer', -6.943, 107.64),
  site('Dealer Cirebon', 'dealer', -6.722, 108.555),
  site('Dealer Tegal', 'dealer', -6.87, 109.125),
  site('Dealer Semarang', 'dealer', -6.999, 110.448),
  site('Dealer Solo', 'dealer', -7.56, 110.812),
  site('Dealer Yogyakarta', 'dealer', -7.76, 110.362),
  site('Dealer Surabaya', 'dealer', -7.312, 112.732),
  site('Dealer Bandar Lampung', 'dealer', -5.397, 105.266),
  site('Pool Cibitung', 'pool', -6.29, 107.095),
  site('Pool Karawang Barat', 'pool', -6.335, 107.3),
  site('Pool Sunter/Cakung', 'pool', -6.16, 106.93),
  site('Rest Area KM 57 Tol Japek', 'rest_area', -6.39, 107.36),
  site('Rest Area KM 86 Tol Cipali', 'rest_area', -6.47, 107.6),
  site('Rest Area KM 101 Tol Cipali', 'rest_area', -6.5, 107.73),
];
