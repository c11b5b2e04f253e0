/** Static reference data of the demo company (research/domain.md §7). All names and numbers are fictitious. */

export const DEMO_PASSWORD = 'demo1234';

export const demoUnits = [
  {
    key: 'sunter',
    name: 'CC Jakarta – Sunter',
    vehicleClass: 'CC',
    vehicles: 24,
    drivers: 15,
    events: 12,
    hullPrefix: 'CC-0',
    pool: 'Pool Sunter/Cakung',
    plate: { region: 'B', suffixFirst: ['U', 'T'], suffixLength: [2, 3] },
    dedicated: 'TMMIN',
    fleets: ['Rigid 6x2', 'Trailer', 'Dedicated TMMIN'],
  },
  {
    key: 'karawang',
    name: 'CC Karawang',
    vehicleClass: 'CC',
    vehicles: 20,
    drivers: 14,
    events: 10,
    hullPrefix: 'CC-1',
    pool: 'Pool Karawang Barat',
    plate: { region: 'T', suffixFirst: ['A', 'B', 'D', 'K'], suffixLength: [1, 2] },
    dedicated: 'ADM',
    fleets: ['Rigid 6x2', 'Trailer', 'Dedicated ADM'],
  },
  {
    key: 'cikarang',
    name: 'Truck Cikarang',
    vehicleClass: 'TRUCK',
    vehicles: 16,
    drivers: 11,
    events: 8,
    hullPrefix: 'TR-0',
    pool: 'Pool Cibitung',
    plate: { region: 'B', suffixFirst: ['F', 'K'], suffixLength: [2, 3] },
    dedicated: 'HPM',
    fleets: ['Wingbox', 'Flatbed', 'Dedicated HPM'],
  },
] as const;

/** The four demo accounts; main.ts prints them. `groups` index into demoUnits. */
export const demoUsers = [
  { username: 'admin', displayName: 'Rina Admin', groups: [{ unit: 0, role: 'Administrator' }] },
  { username: 'operator', displayName: 'Dimas Operator', groups: [{ unit: 0, role: 'User' }] },
  { username: 'guest', displayName: 'Tamu Guest', groups: [{ unit: 0, role: 'Guest' }] },
  {
    username: 'multi',
    displayName: 'Sari Multi',
    groups: [
      { unit: 1, role: 'Administrator' },
      { unit: 2, role: 'User' },
    ],
  },
] as const;

export const demoEmail = (username: string) => `${username}@pantau.example`;

/** Sign-in table for the start-up banner. */
export const demoCredentials = demoUsers.map((u) => ({
  username: u.username,
  password: DEMO_PASSWORD,
  roles: u.groups.map((g) => `${g.role} @ ${demoUnits[g.unit]?.name ?? '?'}`).join(', '),
}));

/** Vehicle configurations: brand, type, capacity range, speed limit, fleet index. */
export const ccConfigs = [
  {
    config: 'rigid',
    brand: 'Hino',
    type: 'Ranger FL 235 JW',
    capacity: [5, 6],
    speedLimit: 80,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'rigid',
    brand: 'Hino',
    type: 'Ranger FL 260 JW',
    capacity: [5, 6],
    speedLimit: 80,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'rigid',
    brand: 'Mitsubishi Fuso',
    type: 'Fighter FN 62 F',
    capacity: [5, 6],
    speedLimit: 80,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'rigid',
    brand: 'Isuzu',
    type: 'Giga FVM 34',
    capacity: [5, 6],
    speedLimit: 80,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'trailer',
    brand: 'UD Trucks',
    type: 'Quester GKE 280',
    capacity: [6, 8],
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B2 Umum',
  },
  {
    config: 'trailer',
    brand: 'UD Trucks',
    type: 'Quester GWE 370',
    capacity: [7, 8],
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B2 Umum',
  },
  {
    config: 'trailer',
    brand: 'Hino',
    type: '500 SG 260 TH',
    capacity: [6, 8],
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B2 Umum',
  },
  {
    config: 'trailer',
    brand: 'Isuzu',
    type: 'Giga GVR 35 J',
    capacity: [6, 7],
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B2 Umum',
  },
] as const;

export const truckConfigs = [
  {
    config: 'wingbox',
    brand: 'Hino',
    type: 'Ranger FM 260 JD',
    capacity: null,
    speedLimit: 60,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'wingbox',
    brand: 'UD Trucks',
    type: 'Quester 64R 280',
    capacity: null,
    speedLimit: 60,
    fleet: 0,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'flatbed',
    brand: 'Isuzu',
    type: 'Giga FVR 34 P',
    capacity: null,
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B1 Umum',
  },
  {
    config: 'flatbed',
    brand: 'Mitsubishi Fuso',
    type: 'Fighter FM 65 F',
    capacity: null,
    speedLimit: 60,
    fleet: 1,
    licence: 'SIM B1 Umum',
  },
] as const;

/** Driver names: domain.md §7.5 plus more of the same (Javanese, Sundanese, Batak, Betawi). */
export const driverNames = [
  'Agus Setiawan',
  'Budi Santoso',
  'Dedi Kurniawan',
  'Eko Prasetyo',
  'Hendra Wijaya',
  'Joko Susilo',
  'Slamet Sugiarto',
  'Asep Saepudin',
  'Ujang Suryana',
  'Dadang Hermawan',
  'Rudi Haryanto',
  'Bambang Sutrisno',
  'Wahyu Hidayat',
  'Sugeng Prayitno',
  'Iwan Setiadi',
  'Yanto Supriyadi',
  'Heri Purnomo',
  'Andi Saputra',
  'Ahmad Fauzi',
  'Marihot Sinaga',
  'Cecep Supriatna',
  'Tatang Sutisna',
  'Nanang Kosasih',
  'Teguh Wibowo',
  'Endang Suherman',
  'Wawan Gunawan',
  'Kusnadi Permana',
  'Mulyadi Rahman',
  'Parlindungan Siregar',
  'Fajar Nugroho',
  'Rohmat Hidayat',
  'Imam Santoso',
  'Suparman Hadi',
  'Yusuf Maulana',
  'Darmawan Saputra',
  'Ridwan Sutarna',
  'Rizky Ramadhan',
  'Sahat Simanjuntak',
  'Engkos Kosasih',
  'Mamat Rohimat',
];

/** Mobile prefixes after +62 (Telkomsel, Indosat, XL, Tri). */
export const gsmPrefixes = [
  '811',
  '812',
  '813',
  '821',
  '822',
  '852',
  '857',
  '858',
  '817',
  '818',
  '878',
  '895',
];

/** Real plates seen in the news: never generate them. */
export const forbiddenPlates = new Set(['T 9516 DL', 'B 9051 GEH', 'H 9968 AC']);

/** Places where demo events happened (approximate coordinates; the place service names them). */
export const eventPlaces = [
  { lat: -6.283, lon: 107.07 },
  { lat: -6.335, lon: 107.3 },
  { lat: -6.468, lon: 107.62 },
  { lat: -6.14, lon: 106.88 },
  { lat: -6.101, lon: 106.907 },
  { lat: -6.39, lon: 107.36 },
  { lat: -6.139, lon: 106.884 },
  { lat: -6.362, lon: 107.29 },
  { lat: -6.365, lon: 107.166 },
  { lat: -6.59, lon: 107.43 },
] as const;

/** Tracker alarms of the demo events, in turn. */
export const demoAlarms = ['sos', 'powerCut', 'vibration'] as const;

/** Event kinds in the order the generator cycles through (overspeed and overstop dominate). */
export const eventKinds = [
  'overspeed',
  'overstop',
  'overspeed',
  'overroute',
  'overstop',
  'overspeed',
  'gps_lost',
  'overstop',
  'alarm',
  'overspeed',
] as const;
