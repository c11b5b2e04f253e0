import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { UnitInfo } from '@pantau/contracts';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The chosen unit's details with its vehicle and user counts. */
export function UnitInfoCard({
  unit,
  onEdit,
  onHistory,
}: {
  unit: UnitInfo;
  onEdit: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation('fleets');
  const zone = unit.timeZone as 'Asia/Jakarta' | 'Asia/Makassar' | 'Asia/Jayapura';
  return (
    <Card
      title={t('unit.title')}
      data-testid="unit-info"
      extra={
        <Space wrap>
          <Button icon={<HistoryOutlined />} onClick={onHistory} data-testid="unit-info-history">
            {t('actions.history')}
          </Button>
          <Button icon={<EditOutlined />} onClick={onEdit} data-testid="unit-info-edit">
            {t('unit.edit')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 3 }}
        size="small"
        items={[
          { key: 'unitName', label: t('unit.unitName'), children: <strong>{unit.unitName}</strong> },
          { key: 'address', label: t('unit.address'), children: unit.address || '—' },
          { key: 'phone', label: t('unit.phone'), children: unit.phone || '—' },
          {
            key: 'timeZone',
            label: t('unit.timeZone'),
            children: t(`unit.timeZones.${zone}`, { defaultValue: unit.timeZone }),
          },
          {
            key: 'vehicleCount',
            label: t('unit.vehicleCount'),
            children: <span data-testid="unit-vehicle-count">{unit.vehicleCount}</span>,
          },
          { key: 'userCount', label: t('unit.userCount'), children: unit.userCount },
        ]}
      />
    </Card>
  );
}
