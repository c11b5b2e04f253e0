import CheapRuler from 'cheap-ruler';

/**
 * The demo road network: the sites of research/domain.md §7.1 joined by the toll-road waypoint
 * polylines of §7.2 (routes A–F; coordinates approximate), plus short city connectors from pools and
 * plants to the nearest toll gate. The three rest areas Pantau knows (ingest/places.ts) sit on the
 * polylines so rest stops there are allowed stops.
 */
export type RoadClass = 'toll' | 'city';
export type SiteKind = 'plant' | 'port' | 'dealer' | 'pool' | 'rest_area' | 'road';

export interface RoadNode {
  id: string;
  name: string;
  lat: number;
  lon: number;
  kind: SiteKind;
}

const n = (id: string, name: string, lat: number, lon: number, kind: SiteKind = 'road'): RoadNode => ({
  id,
  name,
  lat,
  lon,
  kind,
});

export const roadNodes: readonly RoadNode[] = [
  // Sites (§7.1)
  n('sunter_tmmin', 'TMMIN Sunter Plant', -6.139, 106.884, 'plant'),
  n('sunter_adm', 'ADM Sunter Assembly Plant', -6.143, 106.89, 'plant'),
  n('kiic_tmmin', 'TMMIN Karawang (KIIC)', -6.362, 107.29, 'plant'),
  n('adm_karawang', 'ADM Karawang Assembly Plant', -6.4, 107.368, 'plant'),
  n('hpm', 'Honda Prospect Motor', -6.391, 107.336, 'plant'),
  n('giic', 'GIIC Deltamas (Suzuki, MMKI, Wuling)', -6.36, 107.166, 'plant'),
  n('hyundai', 'Hyundai HMMI Deltamas', -6.383, 107.163, 'plant'),
  n('suzuki_tambun', 'Suzuki Tambun Plant', -6.263, 107.063, 'plant'),
  n('ipcc', 'IPC Car Terminal, Tanjung Priok', -6.101, 106.907, 'port'),
  n('patimban', 'Patimban Car Terminal', -6.245, 107.913, 'port'),
  n('merak', 'Pelabuhan Merak', -5.931, 106.004, 'port'),
  n('dealer_bandung', 'Dealer Bandung', -6.943, 107.64, 'dealer'),
  n('dealer_cirebon', 'Dealer Cirebon', -6.722, 108.555, 'dealer'),
  n('dealer_tegal', 'Dealer Tegal', -6.87, 109.125, 'dealer'),
  n('dealer_semarang', 'Dealer Semarang', -6.999, 110.448, 'dealer'),
  n('dealer_surabaya', 'Dealer Surabaya', -7.312, 112.732, 'dealer'),
  n('pool_sunter', 'Pool Sunter/Cakung', -6.16, 106.93, 'pool'),
  n('pool_karawang', 'Pool Karawang Barat', -6.335, 107.3, 'pool'),
  n('pool_cibitung', 'Pool Cibitung', -6.29, 107.095, 'pool'),
  // Route A: Japek westbound → Cikunir → JORR E → Akses Priok
  n('kbarat', 'GT Karawang Barat', -6.336, 107.274),
  n('km37', 'Cikarang Pusat (KM 37)', -6.318, 107.172),
  n('cikbarat', 'Cikarang Barat (KM 31)', -6.298, 107.137),
  n('cibitung', 'Cibitung (KM 25)', -6.279, 107.088),
  n('tambun', 'Tambun (KM 21)', -6.266, 107.052),
  n('bekasi_timur', 'Bekasi Timur (KM 16)', -6.257, 107.016),
  n('bekasi_barat', 'Bekasi Barat (KM 13)', -6.25, 106.99),
  n('cikunir', 'SS Cikunir', -6.262, 106.963),
  n('pulogebang', 'JORR E Pulo Gebang', -6.21, 106.953),
  n('cakung', 'JORR E Cakung', -6.178, 106.951),
  n('rorotan', 'Rorotan', -6.14, 106.952),
  n('cilincing', 'Cilincing', -6.118, 106.937),
  n('koja', 'Jampea / Koja', -6.109, 106.914),
  // Route B: Japek → Cipularang → Padaleunyi
  n('ktimur', 'Karawang Timur (KM 54)', -6.356, 107.334),
  n('rest_km57', 'Rest Area KM 57 Tol Japek', -6.39, 107.36, 'rest_area'),
  n('dawuan', 'SS Dawuan', -6.4, 107.428),
  n('sadang', 'Sadang', -6.487, 107.441),
  n('jatiluhur', 'Jatiluhur', -6.54, 107.41),
  n('darangdan', 'Darangdan', -6.66, 107.4),
  n('cikalongwetan', 'Cikalong Wetan', -6.735, 107.43),
  n('cikamuning', 'Cikamuning', -6.79, 107.465),
  n('padalarang', 'Padalarang', -6.84, 107.495),
  n('baros', 'Baros (Cimahi)', -6.89, 107.535),
  n('pasirkoja', 'Pasir Koja', -6.925, 107.58),
  n('buahbatu', 'Buah Batu', -6.957, 107.638),
  // Route C: Cipali → Palikanci → Kanci–Pejagan → … → Semarang
  n('cikopo', 'Cikopo', -6.43, 107.47),
  n('rest_km86', 'Rest Area KM 86 Tol Cipali', -6.47, 107.6, 'rest_area'),
  n('kalijati', 'Kalijati', -6.515, 107.65),
  n('rest_km101', 'Rest Area KM 101 Tol Cipali', -6.5, 107.73, 'rest_area'),
  n('subang', 'Subang', -6.49, 107.78),
  n('cikedung', 'Cikedung', -6.52, 108.05),
  n('kertajati', 'Kertajati', -6.605, 108.17),
  n('palimanan', 'Palimanan', -6.706, 108.425),
  n('kanci', 'Kanci', -6.78, 108.63),
  n('pejagan', 'Pejagan', -6.865, 108.87),
  n('brebes_timur', 'Brebes Timur', -6.885, 109.06),
  n('pemalang', 'Pemalang', -6.905, 109.38),
  n('batang', 'Batang', -6.93, 109.73),
  n('kalikangkung', 'Kalikangkung', -6.995, 110.3),
  // Route D: Semarang → Solo → Ngawi → Surabaya
  n('jatingaleh', 'Semarang (Jatingaleh)', -7.03, 110.425),
  n('ungaran', 'Ungaran', -7.14, 110.4),
  n('bawen', 'Bawen', -7.24, 110.43),
  n('salatiga', 'Salatiga', -7.33, 110.51),
  n('boyolali', 'Boyolali', -7.51, 110.61),
  n('kartasura', 'Kartasura', -7.545, 110.74),
  n('sragen', 'Sragen', -7.42, 111.0),
  n('ngawi', 'Ngawi', -7.4, 111.42),
  n('caruban', 'Caruban', -7.55, 111.65),
  n('nganjuk', 'Nganjuk', -7.61, 111.9),
  n('kertosono', 'Kertosono', -7.595, 112.09),
  n('jombang', 'Jombang', -7.52, 112.23),
  n('mojokerto', 'Mojokerto', -7.47, 112.42),
  n('waru', 'Waru', -7.35, 112.73),
  // Route E: Sunter → Jakarta–Merak toll
  n('ancol', 'Ancol', -6.125, 106.84),
  n('pluit', 'Pluit', -6.12, 106.79),
  n('kembangan', 'Kembangan', -6.185, 106.74),
  n('karangtengah', 'Karang Tengah', -6.205, 106.715),
  n('cikokol', 'Tangerang (Cikokol)', -6.21, 106.64),
  n('bitung', 'Bitung', -6.225, 106.56),
  n('cikupa', 'Cikupa', -6.225, 106.51),
  n('balaraja', 'Balaraja', -6.2, 106.46),
  n('ciujung', 'Ciujung', -6.135, 106.3),
  n('serang_timur', 'Serang Timur', -6.12, 106.18),
  n('cilegon_timur', 'Cilegon Timur', -6.03, 106.07),
  // Route F: Subang → Patimban
  n('pusakanagara', 'Pusakanagara', -6.3, 107.89),
];

/** Chains of node ids joined by roads of one class. */
const roads: { class: RoadClass; chain: string[] }[] = [
  {
    class: 'toll',
    chain: [
      'kbarat',
      'km37',
      'cikbarat',
      'cibitung',
      'tambun',
      'bekasi_timur',
      'bekasi_barat',
      'cikunir',
      'pulogebang',
      'cakung',
      'rorotan',
      'cilincing',
      'koja',
    ],
  },
  { class: 'toll', chain: ['kbarat', 'ktimur', 'rest_km57', 'dawuan', 'cikopo'] },
  {
    class: 'toll',
    chain: [
      'dawuan',
      'sadang',
      'jatiluhur',
      'darangdan',
      'cikalongwetan',
      'cikamuning',
      'padalarang',
      'baros',
      'pasirkoja',
      'buahbatu',
    ],
  },
  {
    class: 'toll',
    chain: [
      'cikopo',
      'rest_km86',
      'kalijati',
      'rest_km101',
      'subang',
      'cikedung',
      'kertajati',
      'palimanan',
      'kanci',
      'pejagan',
      'brebes_timur',
      'pemalang',
      'batang',
      'kalikangkung',
      'jatingaleh',
      'ungaran',
      'bawen',
      'salatiga',
      'boyolali',
      'kartasura',
      'sragen',
      'ngawi',
      'caruban',
      'nganjuk',
      'kertosono',
      'jombang',
      'mojokerto',
      'waru',
    ],
  },
  {
    class: 'toll',
    chain: [
      'pluit',
      'kembangan',
      'karangtengah',
      'cikokol',
      'bitung',
      'cikupa',
      'balaraja',
      'ciujung',
      'serang_timur',
      'cilegon_timur',
    ],
  },
  { class: 'city', chain: ['sunter_tmmin', 'ancol', 'pluit'] },
  { class: 'city', chain: ['sunter_tmmin', 'sunter_adm', 'koja', 'ipcc'] },
  { class: 'city', chain: ['pool_sunter', 'cakung'] },
  { class: 'city', chain: ['pool_sunter', 'sunter_adm'] },
  { class: 'city', chain: ['kiic_tmmin', 'pool_karawang', 'kbarat'] },
  { class: 'city', chain: ['kiic_tmmin', 'kbarat'] },
  { class: 'city', chain: ['pool_cibitung', 'cibitung'] },
  { class: 'city', chain: ['suzuki_tambun', 'tambun'] },
  { class: 'city', chain: ['hyundai', 'giic', 'km37'] },
  { class: 'city', chain: ['hpm', 'ktimur'] },
  { class: 'city', chain: ['adm_karawang', 'ktimur'] },
  { class: 'city', chain: ['buahbatu', 'dealer_bandung'] },
  { class: 'city', chain: ['kanci', 'dealer_cirebon'] },
  { class: 'city', chain: ['brebes_timur', 'dealer_tegal'] },
  { class: 'city', chain: ['jatingaleh', 'dealer_semarang'] },
  { class: 'city', chain: ['waru', 'dealer_surabaya'] },
  { class: 'city', chain: ['cilegon_timur', 'merak'] },
  { class: 'city', chain: ['subang', 'pusakanagara', 'patimban'] },
];

// Java lies within a few degrees of 6.5° S: one ruler is accurate to well under 1 %.
export const ruler = new CheapRuler(-6.8, 'kilometers');

export interface RoadEdge {
  to: string;
  class: RoadClass;
  km: number;
}

const nodeById = new Map(roadNodes.map((node) => [node.id, node]));
export const node = (id: string): RoadNode => {
  const found = nodeById.get(id);
  if (!found) throw new Error(`no road node ${id}`);
  return found;
};

const adjacency = new Map<string, RoadEdge[]>();
for (const road of roads) {
  for (let i = 1; i < road.chain.length; i++) {
    const a = node(road.chain[i - 1]!);
    const b = node(road.chain[i]!);
    const km = ruler.distance([a.lon, a.lat], [b.lon, b.lat]);
    adjacency.set(a.id, [...(adjacency.get(a.id) ?? []), { to: b.id, class: road.class, km }]);
    adjacency.set(b.id, [...(adjacency.get(b.id) ?? []), { to: a.id, class: road.class, km }]);
  }
}

/** A way through the network: the nodes passed and the class of each hop. */
export interface RoadPath {
  nodes: RoadNode[];
  classes: RoadClass[];
  km: number;
}

const pathCache = new Map<string, RoadPath>();

/** Quickest path (toll at ~70 km/h, city at ~30) between two nodes; cached. */
export function shortestPath(fromId: string, toId: string): RoadPath {
  const key = `${fromId}>${toId}`;
  const cached = pathCache.get(key);
  if (cached) return cached;
  const cost = new Map<string, number>([[fromId, 0]]);
  const previous = new Map<string, { from: string; edge: RoadEdge }>();
  const open = new Set([fromId]);
  while (open.size > 0) {
    let current = '';
    let best = Infinity;
    for (const id of open) {
      const c = cost.get(id)!;
      if (c < best) [best, current] = [c, id];
    }
    open.delete(current);
    if (current === toId) break;
    for (const edge of adjacency.get(current) ?? []) {
      const c = best + edge.km / (edge.class === 'toll' ? 70 : 30);
      if (c < (cost.get(edge.to) ?? Infinity)) {
        cost.set(edge.to, c);
        previous.set(edge.to, { from: current, edge });
        open.add(edge.to);
      }
    }
  }
  if (fromId !== toId && !previous.has(toId)) throw new Error(`no road from ${fromId} to ${toId}`);
  const nodes: RoadNode[] = [node(toId)];
  const classes: RoadClass[] = [];
  let km = 0;
  for (let id = toId; id !== fromId;) {
    const step = previous.get(id)!;
    nodes.unshift(node(step.from));
    classes.unshift(step.edge.class);
    km += step.edge.km;
    id = step.from;
  }
  const path = { nodes, classes, km };
  pathCache.set(key, path);
  return path;
}
