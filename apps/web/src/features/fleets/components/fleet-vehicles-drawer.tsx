import type { FleetRow } from '@pantau/contracts';
import { Alert, Button, Drawer, Flex, Spin, Transfer, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSetFleetVehicles } from '../api/fleet-mutations';
import { useFleetVehicles, useUnitVehicles } from '../api/get-fleet-vehicles';
import './fleets.css';
import { useApp } from '../../../lib/feedback';

interface Item {
  key: string;
  nomorPolisi: string;
  nomorKendaraan: string;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((k) => b.includes(k));

/** Puts the unit's vehicles in or out of one fleet, saved as a whole. */
export function FleetVehiclesDrawer({
  fleet,
  unitId,
  onClose,
}: {
  fleet: FleetRow | null;
  unitId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const members = useFleetVehicles(fleet?.fleetId ?? null);
  const all = useUnitVehicles(unitId, fleet !== null);
  const save = useSetFleetVehicles();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [shownFleet, setShownFleet] = useState(fleet?.fleetId);
  if (shownFleet !== fleet?.fleetId) {
    setShownFleet(fleet?.fleetId);
    setPicked(null);
  }

  const initial = useMemo(
    () => (members.data?.results ?? []).map((v) => String(v.kendaraanId)),
    [members.data],
  );
  const items: Item[] = useMemo(
    () =>
      (all.data ?? []).map((v) => ({
        key: String(v.kendaraanId),
        nomorPolisi: v.nomorPolisi,
        nomorKendaraan: v.nomorKendaraan,
      })),
    [all.data],
  );
  const target = picked ?? initial;
  const loading = members.isPending || all.isPending;
  const error = members.error ?? all.error;

  const submit = async () => {
    if (!fleet) return;
    if (sameSet(target, initial)) {
      void message.info(t('vehicles.unchanged'));
      return onClose();
    }
    try {
      const saved = await save.mutateAsync({ fleetId: fleet.fleetId, kendaraanIds: target.map(Number) });
      void message.success(t('vehicles.saved', { name: fleet.fleetName, count: saved.count }));
      onClose();
    } catch (cause) {
      void message.error(errorMessage(te, cause));
    }
  };

  return (
    <Drawer
      open={fleet !== null}
      onClose={onClose}
      title={fleet ? t('vehicles.title', { name: fleet.fleetName }) : ''}
      size={720}
      rootClassName="fleet-vehicles-drawer"
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={loading || error !== null}
            onClick={() => void submit()}
            data-testid="fleet-vehicles-save"
          >
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="fleet-vehicles">
        <Typography.Paragraph type="secondary">{t('vehicles.intro')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={errorMessage(te, error)} />}
        {loading && !error && (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
        {!loading && !error && (
          <Transfer<Item>
            className="fleet-transfer"
            dataSource={items}
            targetKeys={target}
            onChange={(keys) => setPicked(keys.map(String))}
            titles={[t('vehicles.available'), t('vehicles.selected')]}
            showSearch={{ placeholder: t('vehicles.search') }}
            filterOption={(text, item) => {
              const q = text.trim().toLowerCase().replace(/\s+/g, '');
              return `${item.nomorPolisi}${item.nomorKendaraan}`
                .toLowerCase()
                .replace(/\s+/g, '')
                .includes(q);
            }}
            locale={{
              itemUnit: t('vehicles.item', { count: 1 }),
              itemsUnit: t('vehicles.item', { count: 2 }),
              notFoundContent: t('vehicles.notFound'),
              searchPlaceholder: t('vehicles.search'),
            }}
            render={(item) => ({
              label: (
                <span data-testid={`fleet-vehicle-${item.key}`}>
                  <strong>{item.nomorKendaraan}</strong> · {item.nomorPolisi}
                </span>
              ),
              value: `${item.nomorKendaraan} ${item.nomorPolisi}`,
            })}
          />
        )}
      </div>
    </Drawer>
  );
}
