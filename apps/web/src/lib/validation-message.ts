import i18n from './i18n';

/**
 * Validation messages come from the contracts (checked in the browser) and the server in English. In
 * Indonesian they are shown translated: the exact English text, or one of the patterns below for the
 * messages that name a value; anything else is shown as it came.
 */
const ID_MESSAGES: Record<string, string> = {
  'At least 1 hour': 'Minimal 1 jam',
  'A defect needs a description': 'Kerusakan perlu keterangan',
  'Choose a SIM class': 'Pilih golongan SIM',
  'Choose the kind of incident': 'Pilih jenis insiden',
  'Choose the kind of work': 'Pilih jenis pekerjaan',
  'Closed at must be after opened at': 'Waktu selesai harus setelah waktu dibuka',
  'Choose an Indonesian time zone': 'Pilih zona waktu Indonesia',
  'Current password is required': 'Kata sandi saat ini wajib diisi',
  'The current password is wrong': 'Kata sandi saat ini salah',
  'Display name is required': 'Nama tampilan wajib diisi',
  'Employee number is required': 'Nomor karyawan wajib diisi',
  'Employee number: 2–30 letters, digits, dot, slash or dash':
    'Nomor karyawan: 2–30 huruf, angka, titik, garis miring atau tanda hubung',
  'Enter a valid e-mail address': 'Masukkan alamat e-mail yang valid',
  'Fleet name is required': 'Nama armada wajib diisi',
  'Fleet name must be at least 2 characters': 'Nama armada minimal 2 karakter',
  'GSM number must be an Indonesian mobile number, e.g. +6281287654321':
    'Nomor GSM harus nomor seluler Indonesia, mis. +6281287654321',
  'Hull number is required': 'Nomor lambung wajib diisi',
  'Name is required': 'Nama wajib diisi',
  'Name must be at least 2 characters': 'Nama minimal 2 karakter',
  'Password is required': 'Kata sandi wajib diisi',
  'Password must be at least 8 characters': 'Kata sandi minimal 8 karakter',
  'Password must be at most 128 characters': 'Kata sandi maksimal 128 karakter',
  'Phone must be an Indonesian mobile number, e.g. +6281287654321':
    'Telepon harus nomor seluler Indonesia, mis. +6281287654321',
  'Plate number is required': 'Nomor polisi wajib diisi',
  'Plate number must look like B 9471 UEY': 'Nomor polisi harus seperti B 9471 UEY',
  'Role must be Administrator, User or Guest': 'Peran harus Administrator, User atau Guest',
  'Speed limit must be a number': 'Batas kecepatan harus berupa angka',
  'The file has no rows': 'Berkas tidak berisi baris',
  'Tracker id is required': 'ID pelacak wajib diisi',
  'Tracker id: 4–32 letters or digits (a GT06 IMEI has 15 digits)':
    'ID pelacak: 4–32 huruf atau angka (IMEI GT06 terdiri dari 15 angka)',
  'Unit name must be at least 2 characters': 'Nama unit minimal 2 karakter',
  'Use the date format YYYY-MM-DD': 'Gunakan format tanggal YYYY-MM-DD',
  'Username is required': 'Nama pengguna wajib diisi',
  'Username may use letters, digits, dot, dash and underscore only':
    'Nama pengguna hanya boleh huruf, angka, titik, tanda hubung dan garis bawah',
  'Username must be at least 3 characters': 'Nama pengguna minimal 3 karakter',
  'Username must be at most 64 characters': 'Nama pengguna maksimal 64 karakter',
  'Vehicle class must be CC or TRUCK': 'Kelas kendaraan harus CC atau TRUCK',
  'Vehicle is required': 'Kendaraan wajib dipilih',
  'Year must be a number': 'Tahun harus berupa angka',
  'Year must be a whole number': 'Tahun harus bilangan bulat',
  'Capacity must be a whole number': 'Kapasitas harus bilangan bulat',
  'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123':
    'Telepon harus nomor Indonesia, mis. 0812-8765-4321 atau 021-555-0123',
  'Unit name is required': 'Nama unit wajib diisi',
  'Already registered to another vehicle': 'Sudah terdaftar di kendaraan lain',
  'Already used by another driver of this unit': 'Sudah dipakai pengemudi lain di unit ini',
  'Another unit already has this name': 'Unit lain sudah memakai nama ini',
  'Choose the brand of this type first': 'Pilih merk tipe ini terlebih dahulu',
  'E-mail is required for a new account': 'E-mail wajib untuk akun baru',
  'Give the brand of this type': 'Isi merk tipe ini',
  'No user has this username or e-mail': 'Tidak ada pengguna dengan nama pengguna atau e-mail ini',
  'The second driver must differ from the first': 'Pengemudi kedua harus berbeda dari yang pertama',
  'This e-mail address is already registered': 'Alamat e-mail ini sudah terdaftar',
  'This e-mail address is already used by another user': 'Alamat e-mail ini sudah dipakai pengguna lain',
  'This unit already has a fleet with this name': 'Unit ini sudah memiliki armada dengan nama ini',
  'This user already belongs to this unit': 'Pengguna ini sudah tergabung di unit ini',
  'This username is already taken': 'Nama pengguna ini sudah dipakai',
  'This username or e-mail is already taken': 'Nama pengguna atau e-mail ini sudah dipakai',
  'Unknown brand': 'Merk tidak dikenal',
  'ERP odometer': 'Odometer ERP',
  'GPS odometer': 'Odometer GPS',
  Odometer: 'Odometer',
  'Engine hours': 'Jam mesin',
  Capacity: 'Kapasitas',
  // Work orders (SPK)
  'Choose the kind': 'Pilih jenis SPK',
  'SPK number is required': 'No. SPK wajib diisi',
  'Choose the vehicle': 'Pilih kendaraan',
  'Choose driver 1': 'Pilih pengemudi 1',
  'Choose driver 2': 'Pilih pengemudi 2',
  'Choose the route': 'Pilih trayek',
  'Run date is required': 'Tanggal jalan wajib diisi',
  'Choose the origin': 'Pilih asal',
  'Choose the destination': 'Pilih tujuan',
  'Load must be a number of cars': 'Muatan harus berupa jumlah mobil',
  'Load must be a whole number of cars': 'Muatan harus bilangan bulat',
  'Load must be at most 100 cars': 'Muatan maksimal 100 mobil',
  Load: 'Muatan',
  'Label is required': 'Nama wajib diisi',
  'Use an ISO date-time': 'Gunakan tanggal dan jam yang valid',
  'Already used by another SPK of this unit': 'Sudah dipakai SPK lain di unit ini',
  'No such vehicle in this unit': 'Kendaraan ini tidak ada di unit ini',
  'No such driver in this unit': 'Pengemudi ini tidak ada di unit ini',
  'No such route in this unit': 'Trayek ini tidak ada di unit ini',
  'No such geofence in this unit': 'Geofence ini tidak ada di unit ini',
  'The route is inactive': 'Trayek ini nonaktif',
  'Driver 2 must be another driver than driver 1': 'Pengemudi 2 harus berbeda dari pengemudi 1',
  'Use a date (YYYY-MM-DD) or an ISO date-time with its offset':
    'Gunakan tanggal (YYYY-MM-DD) atau tanggal dan jam ISO dengan zona waktunya',
  'The run date must be between 2000 and 2100': 'Tanggal jalan harus antara tahun 2000 dan 2100',
  'Only a waiting, on progress or abnormal SPK can be changed':
    'Hanya SPK yang menunggu, berjalan atau abnormal yang bisa diubah',
  'Only a waiting, on progress or abnormal SPK can be cancelled':
    'Hanya SPK yang menunggu, berjalan atau abnormal yang bisa dibatalkan',
  'The SPK is cancelled': 'SPK ini sudah dibatalkan',
  'A milestone must be within 31 days of the run date':
    'Waktu milestone harus dalam 31 hari dari tanggal jalan',
  'A milestone cannot be in the future': 'Waktu milestone tidak boleh di masa depan',
  'A milestone cannot be before the milestone before it':
    'Waktu milestone tidak boleh sebelum milestone sebelumnya',
  'A milestone cannot be after the milestone after it':
    'Waktu milestone tidak boleh setelah milestone berikutnya',
  // Geofences, POIs and routes (trayek)
  'Code is required': 'Kode wajib diisi',
  'Code: 1–32 letters, digits, dot, dash, slash or underscore':
    'Kode: 1–32 huruf, angka, titik, tanda hubung, garis miring atau garis bawah',
  'Shape must be polygon, circle or corridor': 'Bentuk harus poligon, lingkaran atau koridor',
  'Choose a category': 'Pilih kategori',
  'Colour must look like #1677ff': 'Warna harus seperti #1677ff',
  'A polygon needs a Polygon geometry of at least 3 points': 'Poligon perlu minimal 3 titik',
  'A corridor needs a LineString geometry of at least 2 points': 'Koridor perlu garis dengan minimal 2 titik',
  'A circle needs a centre': 'Lingkaran perlu titik pusat',
  'A circle’s geometry is its centre, a Point': 'Geometri lingkaran adalah titik pusatnya',
  'A circle needs a radius of more than 0 m': 'Lingkaran perlu radius lebih dari 0 m',
  'A polygon needs at least 3 different points': 'Poligon perlu minimal 3 titik yang berbeda',
  'A line needs at least 2 different points': 'Garis perlu minimal 2 titik yang berbeda',
  'Geometry must be a GeoJSON Polygon, LineString or Point':
    'Geometri harus berupa Polygon, LineString atau Point GeoJSON',
  'Longitude must be between -180 and 180': 'Bujur harus antara -180 dan 180',
  'Latitude must be between -90 and 90': 'Lintang harus antara -90 dan 90',
  'A position is [longitude, latitude]': 'Posisi berupa [bujur, lintang]',
  'Click the map to place the point': 'Klik peta untuk menaruh titiknya',
  'The feature has no geometry': 'Fitur ini tidak punya geometri',
  'Format must be geojson or kml': 'Format harus geojson atau kml',
  'The file is empty': 'Berkas kosong',
  'The file is larger than 10 MB': 'Berkas lebih dari 10 MB',
  'The file is not valid JSON': 'Berkas bukan JSON yang valid',
  'The file is not a GeoJSON FeatureCollection': 'Berkas bukan FeatureCollection GeoJSON',
  'The file has no features': 'Berkas tidak berisi fitur',
  'The file is not KML': 'Berkas bukan KML',
  'The file has no placemarks': 'Berkas tidak berisi placemark',
  'Choose an icon': 'Pilih ikon',
  'Choose where the route starts': 'Pilih tempat awal trayek',
  'Choose where the route ends': 'Pilih tempat akhir trayek',
  'Circle time cannot be shorter than lead time': 'Circle time tidak boleh lebih pendek dari lead time',
  'Draw the path, take it from a trip, or give at least two places':
    'Gambar jalurnya, ambil dari perjalanan, atau isi minimal dua tempat',
  'Draw the path, take it from a trip, or give at least two different places':
    'Gambar jalurnya, ambil dari perjalanan, atau isi minimal dua tempat yang berbeda',
  'Choose a route': 'Pilih trayek',
  'Choose a vehicle': 'Pilih kendaraan',
  'Give the start as an ISO 8601 time': 'Isi waktu mulai yang valid',
  'Give the end as an ISO 8601 time': 'Isi waktu akhir yang valid',
  'The end must be after the start': 'Waktu akhir harus setelah waktu mulai',
  'The vehicle recorded no movement in this period': 'Kendaraan tidak mencatat pergerakan pada periode ini',
  'Already used by another geofence of this unit': 'Sudah dipakai geofence lain di unit ini',
  'Already used by another route of this unit': 'Sudah dipakai trayek lain di unit ini',
  Radius: 'Radius',
  Width: 'Lebar',
  'Corridor width': 'Lebar koridor',
  Longitude: 'Bujur',
  Latitude: 'Lintang',
  Order: 'Urutan',
  'Lead time': 'Lead time',
  'Circle time': 'Circle time',
};

const ID_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^At most (\d+) characters$/, (m) => `Maksimal ${m[1]} karakter`],
  [/^At most (\d+) days$/, (m) => `Maksimal ${m[1]} hari`],
  [
    /^Speed limit must be between (\d+) and (\d+) km\/h$/,
    (m) => `Batas kecepatan harus antara ${m[1]} dan ${m[2]} km/jam`,
  ],
  [/^Year must be between (\d+) and (\d+)$/, (m) => `Tahun harus antara ${m[1]} dan ${m[2]}`],
  [
    /^Capacity must be between (\d+) and (\d+) cars$/,
    (m) => `Kapasitas harus antara ${m[1]} dan ${m[2]} mobil`,
  ],
  [/^(.+) must be a number$/, (m) => `${localised(m[1]!)} harus berupa angka`],
  [/^(.+) cannot be negative$/, (m) => `${localised(m[1]!)} tidak boleh negatif`],
  [
    /^Plate number (.+) is already registered to another vehicle$/,
    (m) => `Nomor polisi ${m[1]} sudah terdaftar di kendaraan lain`,
  ],
  [
    /^Tracker id (.+) is already registered to another vehicle$/,
    (m) => `ID pelacak ${m[1]} sudah terdaftar di kendaraan lain`,
  ],
  [
    /^Hull number (.+) is already used in this unit$/,
    (m) => `Nomor lambung ${m[1]} sudah dipakai di unit ini`,
  ],
  [
    /^Employee number (.+) is already used in this unit$/,
    (m) => `Nomor karyawan ${m[1]} sudah dipakai di unit ini`,
  ],
  [/^(.+) is the same as in row (\d+)$/, (m) => `${m[1]} sama dengan di baris ${m[2]}`],
  [/^No fleet named (.+) in this unit$/, (m) => `Tidak ada armada bernama ${m[1]} di unit ini`],
  [
    /^No driver with employee number (.+) in this unit$/,
    (m) => `Tidak ada pengemudi dengan nomor karyawan ${m[1]} di unit ini`,
  ],
  [/^Unknown brand (.+)$/, (m) => `Merk ${m[1]} tidak dikenal`],
  [/^(.+) is not a type of (.+)$/, (m) => `${m[1]} bukan tipe ${m[2]}`],
  [/^Not a fleet of this unit: (.+)$/, (m) => `Bukan armada unit ini: ${m[1]}`],
  [/^Not vehicles of this unit: (.+)$/, (m) => `Bukan kendaraan unit ini: ${m[1]}`],
  [
    /^The vehicle runs SPK (.+) in this period$/,
    (m) => `Kendaraan ini menjalankan SPK ${m[1]} di periode ini`,
  ],
  [
    /^The driver runs SPK (.+) in this period$/,
    (m) => `Pengemudi ini menjalankan SPK ${m[1]} di periode ini`,
  ],
  [
    /^The (KIR|STNK) of (.+) expired on (.+), before the run date$/,
    (m) => `${m[1]} ${m[2]} habis berlaku pada ${m[3]}, sebelum tanggal jalan`,
  ],
  [/^The (KIR|STNK) of (.+) is due on (.+)$/, (m) => `${m[1]} ${m[2]} jatuh tempo pada ${m[3]}`],
  [/^The driving licence of (.+) expired on (.+)$/, (m) => `SIM ${m[1]} habis berlaku pada ${m[2]}`],
  [/^The driving licence of (.+) is due on (.+)$/, (m) => `SIM ${m[1]} jatuh tempo pada ${m[2]}`],
  [/^(.+) is inactive$/, (m) => `${m[1]} nonaktif`],
  [/^(.+) must be more than 0 m$/, (m) => `${localised(m[1]!)} harus lebih dari 0 m`],
  [/^(.+) must be at most ([\d.,]+) m$/, (m) => `${localised(m[1]!)} maksimal ${m[2]} m`],
  [/^(.+) must be a number of minutes$/, (m) => `${localised(m[1]!)} harus berupa jumlah menit`],
  [/^(.+) must be whole minutes$/, (m) => `${localised(m[1]!)} harus menit bulat`],
  [/^(.+) must be more than 0 minutes$/, (m) => `${localised(m[1]!)} harus lebih dari 0 menit`],
  [/^(.+) must be at most (\d+) days$/, (m) => `${localised(m[1]!)} maksimal ${m[2]} hari`],
  [/^At most ([\d.,]+) points$/, (m) => `Maksimal ${m[1]} titik`],
  [/^At most (\d+) waypoints$/, (m) => `Maksimal ${m[1]} titik singgah`],
  [/^A trip can span at most (\d+) days$/, (m) => `Perjalanan maksimal ${m[1]} hari`],
  [
    /^Code (.+) is already used by another geofence of this unit$/,
    (m) => `Kode ${m[1]} sudah dipakai geofence lain di unit ini`,
  ],
  [
    /^Code (.+) is already used by another route of this unit$/,
    (m) => `Kode ${m[1]} sudah dipakai trayek lain di unit ini`,
  ],
  [/^Code (.+) is also used by feature (\d+)$/, (m) => `Kode ${m[1]} juga dipakai fitur ${m[2]}`],
  [
    /^The outline crosses itself near (.+)$/,
    (m) => `Garis batas berpotongan dengan dirinya sendiri dekat ${m[1]}`,
  ],
  [/^Hole (\d+) crosses itself near (.+)$/, (m) => `Lubang ${m[1]} berpotongan sendiri dekat ${m[2]}`],
  [/^Hole (\d+) crosses the outline near (.+)$/, (m) => `Lubang ${m[1]} memotong garis batas dekat ${m[2]}`],
  [
    /^Hole (\d+) crosses hole (\d+) near (.+)$/,
    (m) => `Lubang ${m[1]} memotong lubang ${m[2]} dekat ${m[3]}`,
  ],
  [/^Hole (\d+) lies outside the outline$/, (m) => `Lubang ${m[1]} berada di luar garis batas`],
  [/^A (\w+) geometry cannot be imported$/, (m) => `Geometri ${m[1]} tidak bisa diimpor`],
  [
    /^A (\w+) of (\d+) parts: save each part as its own feature$/,
    (m) => `${m[1]} dengan ${m[2]} bagian: simpan tiap bagian sebagai fitur tersendiri`,
  ],
  [/^The file is not valid XML: (.+)$/, (m) => `Berkas bukan XML yang valid: ${m[1]}`],
];

function localised(message: string): string {
  const exact = ID_MESSAGES[message];
  if (exact) return exact;
  for (const [pattern, make] of ID_PATTERNS) {
    const m = pattern.exec(message);
    if (m) return make(m);
  }
  return message;
}

/** The message in the UI's language (Indonesian translated, English as it is). */
export function validationMessage(message: string, language = i18n.resolvedLanguage): string {
  return language === 'id' ? localised(message) : message;
}
