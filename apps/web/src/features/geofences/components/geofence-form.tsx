import {
  DEFAULT_CIRCLE_RADIUS_M,
  DEFAULT_CORRIDOR_WIDTH_M,
  geofenceCategories,
  geofenceInput,
  markerIcons,
  type GeofenceCategory,
  type GeofenceInputDraft,
  type GeofenceRow,
} from '@pantau/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import type { DrawnShape } from '../../../map/draw-tool';
import { DEFAULT_GEOFENCE_COLOR } from '../../../map/geofence-features';
import { useSaveGeofence } from '../api/geofence-mutations';
import { useGeofenceEditing } from '../model/geofence-editing-store';
import { useApp } from '../../../lib/feedback';

const FIELDS = [
  'polygonCode',
  'polygonName',
  'category',
  'notes',
  'color',
  'icon',
  'radius',
  'width',
  'notifyEnter',
  'notifyExit',
  'geometry',
] as const;

/** The shape's state under the form's "geometry" field (whose server message shows below it). */
function ShapeStatus({
  drawn,
  status,
  hint,
  radius,
}: {
  drawn: boolean;
  status: string;
  hint: string;
  /** The circle's radius on the map (metres), when a circle is drawn. */
  radius?: number;
}) {
  return (
    <div>
      <Typography.Text
        type={drawn ? 'success' : 'secondary'}
        data-testid="geofence-drawn"
        data-drawn={drawn}
        data-radius={radius}
      >
        {status}
      </Typography.Text>
      <Typography.Paragraph type="secondary" className="geofence-form-hint">
        {hint}
      </Typography.Paragraph>
    </div>
  );
}

interface FormValues {
  polygonCode: string;
  polygonName: string;
  category: GeofenceCategory;
  notes: string;
  color: string;
  icon: string | null;
  radius: number | null;
  width: number | null;
  notifyEnter: boolean;
  notifyExit: boolean;
}

function valuesOf(g: GeofenceRow | null): FormValues {
  return {
    polygonCode: g?.polygonCode ?? '',
    polygonName: g?.polygonName ?? '',
    category: g?.category ?? 'other',
    notes: g?.notes ?? '',
    color: g?.color ?? DEFAULT_GEOFENCE_COLOR,
    icon: g?.icon ?? null,
    radius: g?.radius ?? DEFAULT_CIRCLE_RADIUS_M,
    width: g?.width ?? DEFAULT_CORRIDOR_WIDTH_M,
    notifyEnter: g?.notifyEnter ?? false,
    notifyExit: g?.notifyExit ?? false,
  };
}

/** The body to send: the form's fields and the shape as drawn (or, when not redrawn, as stored). */
export function geofenceDraft(
  values: FormValues,
  shape: DrawnShape['shape'],
  drawn: DrawnShape | null,
  editing: GeofenceRow | null,
): GeofenceInputDraft {
  const base = {
    polygonCode: values.polygonCode,
    polygonName: values.polygonName,
    category: values.category,
    notes: values.notes || null,
    color: values.color || null,
    icon: values.icon || null,
    notifyEnter: values.notifyEnter,
    notifyExit: values.notifyExit,
    polyIndex: editing?.polyIndex ?? null,
    pantauPoiId: editing?.pantauPoiId ?? null,
    polygonType: shape,
  };
  if (shape === 'circle') {
    const center = drawn?.shape === 'circle' ? drawn.center : (editing?.center ?? null);
    return {
      ...base,
      center,
      radius: values.radius,
      geometry: center ? { type: 'Point', coordinates: center } : null,
    };
  }
  const geometry = drawn && drawn.shape !== 'circle' ? drawn.geometry : (editing?.geometry ?? null);
  return { ...base, geometry, width: shape === 'corridor' ? values.width : null } as GeofenceInputDraft;
}

/** The form beside the map for a new geofence (addGeo) or one being edited (editPoint). */
export function GeofenceForm({ onSaved }: { onSaved: (geofence: GeofenceRow) => void }) {
  const { t } = useTranslation('geography');
  const { message } = useApp();
  const [form] = Form.useForm();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(form, FIELDS);
  const { addGeo, shape, editing, drawn, setShape, close, typeRadius } = useGeofenceEditing();
  const save = useSaveGeofence();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(editing));
    clearFormError();
  }, [editing]); // eslint-disable-line react-hooks/exhaustive-deps
  // A circle drawn or resized on the map gives its radius to the form.
  useEffect(() => {
    if (drawn?.shape === 'circle') form.setFieldsValue({ radius: drawn.radius });
    if (drawn) form.setFields([{ name: 'geometry', errors: [] }]);
  }, [drawn, form]);

  const submit = () => {
    clearFormError();
    const checked = geofenceInput.safeParse(
      geofenceDraft(form.getFieldsValue(true) as FormValues, shape, drawn, editing),
    );
    if (!checked.success) {
      showInvalid(checked.error);
      // Nothing drawn yet: say what to do rather than what the geometry lacks.
      if (drawn === null && editing === null)
        form.setFields([{ name: 'geometry', errors: [t('form.drawFirst')] }]);
      return;
    }
    save.mutate(
      { polygonId: editing?.polygonId ?? null, input: checked.data },
      {
        onSuccess: (row) => {
          void message.success(t('form.saved'));
          close();
          onSaved(row);
        },
        onError: showServerError,
      },
    );
  };

  const hasShape = drawn !== null || editing !== null;
  return (
    <Card
      size="small"
      className="geofence-form map-side-panel"
      title={editing ? t('form.titleEdit') : t('form.titleNew')}
      data-testid="geofence-form"
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
        onFinish={submit}
        onValuesChange={(changed: Record<string, unknown>) => {
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
          // A radius typed here resizes the circle on the map at once.
          if ('radius' in changed && shape === 'circle')
            typeRadius(typeof changed.radius === 'number' ? changed.radius : null);
        }}
      >
        <Form.Item label={t('form.shape')}>
          <Segmented
            block
            value={shape}
            disabled={!addGeo || drawn !== null}
            onChange={(v) => setShape(v as typeof shape)}
            options={(['polygon', 'circle', 'corridor'] as const).map((s) => ({
              value: s,
              label: <span data-testid={`geofence-shape-${s}`}>{t(`shape.${s}`)}</span>,
            }))}
          />
        </Form.Item>
        <Form.Item name="geometry" label={t('form.geometry')}>
          <ShapeStatus
            drawn={hasShape}
            status={hasShape ? t('form.drawn') : t('form.notDrawn')}
            radius={drawn?.shape === 'circle' ? drawn.radius : undefined}
            hint={hasShape ? t('form.editHint') : t(`form.drawHint.${shape}`)}
          />
        </Form.Item>
        <Form.Item name="polygonCode" label={t('form.polygonCode')} required>
          <Input maxLength={32} autoComplete="off" data-testid="geofence-code" />
        </Form.Item>
        <Form.Item name="polygonName" label={t('form.polygonName')} required>
          <Input maxLength={100} data-testid="geofence-name" />
        </Form.Item>
        <Form.Item name="category" label={t('form.category')}>
          <Select
            options={geofenceCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            data-testid="geofence-category"
          />
        </Form.Item>
        {shape === 'circle' && (
          <Form.Item name="radius" label={t('form.radius')}>
            <InputNumber step={50} style={{ width: '100%' }} data-testid="geofence-radius" />
          </Form.Item>
        )}
        {shape === 'corridor' && (
          <Form.Item name="width" label={t('form.width')}>
            <InputNumber
              step={100}
              placeholder={String(DEFAULT_CORRIDOR_WIDTH_M)}
              style={{ width: '100%' }}
              data-testid="geofence-width"
            />
          </Form.Item>
        )}
        <Space.Compact block>
          <Form.Item name="color" label={t('form.color')} style={{ flex: 1 }}>
            <Input type="color" data-testid="geofence-color" />
          </Form.Item>
          <Form.Item name="icon" label={t('form.icon')} style={{ flex: 2 }}>
            <Select allowClear options={markerIcons.map((i) => ({ value: i, label: t(`poi.icon.${i}`) }))} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="notes" label={t('form.notes')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="notifyEnter" valuePropName="checked" noStyle>
          <Checkbox>{t('form.notifyEnter')}</Checkbox>
        </Form.Item>
        <Form.Item name="notifyExit" valuePropName="checked" noStyle>
          <Checkbox>{t('form.notifyExit')}</Checkbox>
        </Form.Item>
        <div className="geofence-form-actions">
          <Button onClick={close} data-testid="geofence-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="geofence-save">
            {t('form.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
