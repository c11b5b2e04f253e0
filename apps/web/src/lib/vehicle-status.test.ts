import { vehicleMotions } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { vehicleStatusLabels } from './vehicle-status';

// Both languages' texts (the app loads the user's only).
await i18n.loadLanguages(['en', 'id']);

const en = vehicleStatusLabels(i18n.getFixedT('en', 'common'));
const id = vehicleStatusLabels(i18n.getFixedT('id', 'common'));

describe('vehicle status labels', () => {
  it('name each state with the spec’s words in English and an operator’s in Indonesian', () => {
    expect(vehicleMotions.map(en.motion)).toEqual(['Moving', 'Idle', 'Parked', 'GPS off', 'No data']);
    expect(vehicleMotions.map(id.motion)).toEqual([
      'Berjalan',
      'Diam, mesin hidup',
      'Parkir',
      'GPS mati',
      'Belum ada data',
    ]);
    expect([en.gps('on'), en.gps('off'), en.gps(null)]).toEqual(['GPS on', 'GPS off', 'No data']);
    expect([id.gps('on'), id.gps('off'), id.gps(null)]).toEqual(['GPS hidup', 'GPS mati', 'Tidak ada data']);
    expect([en.ignition(true), en.ignition(false), en.ignition(null)]).toEqual([
      'Ignition on',
      'Ignition off',
      'Unknown',
    ]);
    expect([id.ignition(true), id.ignition(false), id.ignition(null)]).toEqual([
      'Mesin hidup',
      'Mesin mati',
      'Tidak diketahui',
    ]);
    expect([id.onOff(true), id.onOff(false), id.onOff(undefined)]).toEqual([
      'Hidup',
      'Mati',
      'Tidak diketahui',
    ]);
    expect([id.vehicleClass('CC'), id.vehicleClass('TRUCK')]).toEqual(['Pengangkut mobil', 'Truk']);
  });

  it('the GPS-off vehicle state and the GPS-off dashboard group read the same', () => {
    for (const l of [en, id]) expect(l.motion('offline')).toBe(l.gps('off'));
  });

  it('lists every motion once, in the legend’s order', () => {
    expect(id.motionOptions.map((o) => o.value)).toEqual([...vehicleMotions]);
    expect(id.motionOptions.map((o) => o.label)).toEqual(vehicleMotions.map(id.motion));
  });
});
