import type { VehicleClass, VehicleMotion } from '@pantau/contracts';
import { vehicleMotions } from '@pantau/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The words for a vehicle's state, the same on every screen and in every export (common locale,
 * `status`): what it is doing (motion), its GPS and its ignition, and its class.
 */
export interface VehicleStatusLabels {
  /** Moving, Idle, Parked, GPS off, No data. */
  motion: (motion: VehicleMotion) => string;
  /** Every motion with its label, in the order the legend and the filters list them. */
  motionOptions: { value: VehicleMotion; label: string }[];
  /** "GPS on" / "GPS off" / "No data" (no fix yet). */
  gps: (status: 'on' | 'off' | null | undefined) => string;
  /** "Ignition on" / "Ignition off" / "Unknown" (the tracker sends no ignition). */
  ignition: (on: boolean | null | undefined) => string;
  /** The short value under a GPS or Ignition column heading: On / Off / Unknown. */
  onOff: (on: boolean | null | undefined) => string;
  vehicleClass: (vehicleClass: VehicleClass) => string;
}

export function vehicleStatusLabels(t: TFunction<'common'>): VehicleStatusLabels {
  return {
    motion: (m) => t(`status.motion.${m}`),
    motionOptions: vehicleMotions.map((m) => ({ value: m, label: t(`status.motion.${m}`) })),
    gps: (s) => (s ? t(`status.gps.${s}`) : t('status.gps.none')),
    ignition: (on) =>
      on === null || on === undefined
        ? t('status.ignition.unknown')
        : t(on ? 'status.ignition.on' : 'status.ignition.off'),
    onOff: (on) =>
      on === null || on === undefined
        ? t('status.onOff.unknown')
        : t(on ? 'status.onOff.on' : 'status.onOff.off'),
    vehicleClass: (c) => t(`status.vehicleClass.${c}`),
  };
}

/** The status words in the UI's language; follows a language switch. */
export function useVehicleStatusLabels(): VehicleStatusLabels {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language only
  return useMemo(() => vehicleStatusLabels(t), [t, language]);
}

/** The dashboard groups (and Home filter options) that are a vehicle state. */
export type VehicleStateGroup = 'gpsOn' | 'gpsOff' | 'ignitionOn' | 'ignitionOff';

/** A dashboard group that is a vehicle state (GPS on/off, ignition on/off) reads like the state. */
export function vehicleStatusGroupLabel(labels: VehicleStatusLabels, group: string): string | undefined {
  switch (group) {
    case 'gpsOn':
      return labels.gps('on');
    case 'gpsOff':
      return labels.gps('off');
    case 'ignitionOn':
      return labels.ignition(true);
    case 'ignitionOff':
      return labels.ignition(false);
    default:
      return undefined;
  }
}
