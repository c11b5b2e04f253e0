import { DEFAULT_CORRIDOR_WIDTH_M, routeInput } from '@pantau/contracts';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { getStoredRole } from '../../../lib/role-storage';
import { useMapGeofences } from '../api/get-geofences';
import { useSaveRoute } from '../api/route-mutations';
import { useRoutePoints } from '../api/route-queries';
import { routeDraft, valuesOf, type RouteFormValues } from '../model/route-draft';
import { useRouteEditing } from '../model/route-editing-store';
import { hoursMinutes } from './route-format';
import { RoutePathSource } from './route-path-source';
import { RouteWaypointsInput } from './route-waypoints-input';
import { useApp } from '../../../lib/feedback';

const FIELDS = [
  'path',
  'code',
  'name',
  'originPolygonId',
  'destinationPolygonId',
  'waypoints',
  'corridorWidth',
  'leadTimeMinutes',
  'circleTimeMinutes',
  'custom',
  'notes',
] as const;

/** "= 26 h 30 min" under a time in minutes. */
function MinutesHint({ name }: { name: 'leadTimeMinutes' | 'circleTimeMinutes' }) {
  const { t } = useTranslation('routes');
  const minutes = Form.useWatch<number | null>(name);
  if (!minutes || minutes < 60) return null;
  return <>{t('form.minutesAre', hoursMinutes(minutes))}</>;
}

/** The form beside the map for a new route or one being edited; the path is drawn on the map meanwhile. */
export function RouteForm() {
  const { t } = useTranslation('routes');
  const { message } = useApp();
  const [form] = Form.useForm();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(form, FIELDS);
  const { key, editing, path, closeForm, select } = useRouteEditing();
  const unitId = getStoredRole()?.roleUnit;
  const geofences = useMapGeofences(unitId);
  const points = useRoutePoints(unitId, key);
  const save = useSaveRoute();

  const byId = useMemo(() => new Map((geofences.data ?? []).map((g) => [g.polygonId, g])), [geofences.data]);
  const options = useMemo(
    () =>
      (geofences.data ?? [])
        .map((g) => ({ value: g.polygonId, label: `${g.polygonCode} · ${g.polygonName}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [geofences.data],
  );
  const stored = points.data?.results;
  const waypoints = useMemo(
    () => (stored ?? []).map((p) => ({ name: p.name, position: p.position, polygonId: p.polygonId })),
    [stored],
  );
  const ready = key === null || points.isSuccess;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(editing, waypoints));
    clearFormError();
  }, [editing, waypoints]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (path) form.setFields([{ name: 'path', errors: [] }]);
  }, [path, form]);

  const submit = () => {
    clearFormError();
    const checked = routeInput.safeParse(
      routeDraft(form.getFieldsValue(true) as RouteFormValues, path, editing),
    );
    if (!checked.success) return showInvalid(checked.error);
    save.mutate(
      { trayekId: key, input: checked.data },
      {
        onSuccess: (row) => {
          void message.success(t('form.saved'));
          closeForm();
          select(row.trayekId);
        },
        onError: showServerError,
      },
    );
  };

  const place = (name: 'originPolygonId' | 'destinationPolygonId', testId: string) => (
    <Form.Item name={name} label={t(`form.${name}`)}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('form.placeChoose')}
        options={options}
        loading={geofences.isLoading}
        data-testid={testId}
      />
    </Form.Item>
  );

  return (
    <Card
      size="small"
      className="route-form map-side-panel"
      title={editing ? t('form.titleEdit', { code: editing.code }) : t('form.titleNew')}
      data-testid="route-form"
      data-map-overlay
    >
      {formError && (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 12 }}
          data-testid="form-error"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        size="small"
        disabled={!ready}
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
      >
        <Form.Item name="path" label={t('form.path')}>
          <RoutePathSource />
        </Form.Item>
        <Form.Item name="code" label={t('form.code')} required>
          <Input maxLength={32} autoComplete="off" data-testid="route-code" />
        </Form.Item>
        <Form.Item name="name" label={t('form.name')} required>
          <Input maxLength={100} data-testid="route-name" />
        </Form.Item>
        {place('originPolygonId', 'route-origin')}
        <Form.Item name="waypoints" label={t('form.waypoints')}>
          <RouteWaypointsInput options={options} geofences={byId} />
        </Form.Item>
        {place('destinationPolygonId', 'route-destination')}
        <Form.Item name="corridorWidth" label={t('form.corridorWidth')} extra={t('form.corridorHint')}>
          <InputNumber
            step={100}
            suffix="m"
            placeholder={String(DEFAULT_CORRIDOR_WIDTH_M)}
            style={{ width: '100%' }}
            data-testid="route-width"
          />
        </Form.Item>
        <Form.Item
          name="leadTimeMinutes"
          label={t('form.leadTime')}
          extra={<MinutesHint name="leadTimeMinutes" />}
        >
          <InputNumber step={30} suffix={t('form.min')} style={{ width: '100%' }} data-testid="route-lead" />
        </Form.Item>
        <Form.Item
          name="circleTimeMinutes"
          label={t('form.circleTime')}
          extra={<MinutesHint name="circleTimeMinutes" />}
        >
          <InputNumber
            step={30}
            suffix={t('form.min')}
            style={{ width: '100%' }}
            data-testid="route-circle"
          />
        </Form.Item>
        <Form.Item name="custom" valuePropName="checked" extra={t('form.customHint')}>
          <Checkbox data-testid="route-custom">{t('form.custom')}</Checkbox>
        </Form.Item>
        <Form.Item name="notes" label={t('form.notes')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <div className="route-form-actions">
          <Button onClick={closeForm} disabled={false} data-testid="route-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="route-save">
            {t('form.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
