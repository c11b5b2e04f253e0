/**
 * Towns and cities along the corridors the fleet drives (Java and the Merak–Bakauheni crossing to
 * Lampung; centres approximate), so that a vehicle away from any site still reads "near <town>".
 * The list reaches every part of Java: a position anywhere gets a nearest town.
 */
export interface Town {
  name: string;
  lat: number;
  lon: number;
}

const t = (name: string, lat: number, lon: number): Town => ({ name, lat, lon });

export const knownTowns: readonly Town[] = [
  t('Jakarta', -6.2, 106.83),
  t('Tanjung Priok', -6.11, 106.88),
  t('Sunter', -6.14, 106.87),
  t('Cakung', -6.18, 106.94),
  t('Pluit', -6.12, 106.79),
  t('Depok', -6.4, 106.82),
  t('Bogor', -6.6, 106.8),
  t('Tangerang', -6.18, 106.63),
  t('Balaraja', -6.2, 106.46),
  t('Serang', -6.12, 106.15),
  t('Cilegon', -6.0, 106.05),
  t('Merak', -5.93, 106.0),
  t('Bekasi', -6.24, 107.0),
  t('Tambun', -6.26, 107.05),
  t('Cibitung', -6.27, 107.09),
  t('Cikarang', -6.3, 107.15),
  t('Karawang', -6.32, 107.3),
  t('Cikampek', -6.41, 107.46),
  t('Purwakarta', -6.55, 107.44),
  t('Padalarang', -6.84, 107.49),
  t('Cimahi', -6.88, 107.54),
  t('Bandung', -6.91, 107.61),
  t('Sumedang', -6.86, 107.92),
  t('Subang', -6.57, 107.76),
  t('Kalijati', -6.52, 107.66),
  t('Pamanukan', -6.28, 107.81),
  t('Patimban', -6.25, 107.91),
  t('Kertajati', -6.65, 108.17),
  t('Majalengka', -6.84, 108.23),
  t('Indramayu', -6.33, 108.32),
  t('Jatibarang', -6.47, 108.31),
  t('Palimanan', -6.7, 108.42),
  t('Cirebon', -6.73, 108.56),
  t('Kuningan', -6.98, 108.48),
  t('Brebes', -6.87, 109.04),
  t('Tegal', -6.87, 109.14),
  t('Pemalang', -6.89, 109.38),
  t('Pekalongan', -6.89, 109.67),
  t('Batang', -6.91, 109.73),
  t('Kendal', -6.92, 110.2),
  t('Semarang', -6.99, 110.42),
  t('Ungaran', -7.14, 110.4),
  t('Salatiga', -7.33, 110.5),
  t('Boyolali', -7.53, 110.6),
  t('Solo', -7.57, 110.82),
  t('Yogyakarta', -7.8, 110.36),
  t('Purwokerto', -7.42, 109.23),
  t('Sragen', -7.43, 111.02),
  t('Ngawi', -7.4, 111.44),
  t('Madiun', -7.63, 111.52),
  t('Caruban', -7.55, 111.65),
  t('Nganjuk', -7.6, 111.9),
  t('Kertosono', -7.59, 112.1),
  t('Jombang', -7.55, 112.23),
  t('Mojokerto', -7.47, 112.43),
  t('Sidoarjo', -7.45, 112.72),
  t('Surabaya', -7.25, 112.75),
  t('Gresik', -7.16, 112.65),
  t('Malang', -7.98, 112.63),
  t('Banyuwangi', -8.22, 114.37),
  t('Bakauheni', -5.87, 105.75),
  t('Kalianda', -5.73, 105.59),
  t('Bandar Lampung', -5.43, 105.26),
];
