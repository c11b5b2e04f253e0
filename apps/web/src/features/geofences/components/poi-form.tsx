import { markerIcons, markerInput, type LngLat, type MarkerIcon, type MarkerRow } from '@pantau/contracts';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrors } from '../../../components/management/use-form-errors';
import { useSaveMarker } from '../api/marker-mutations';
import { usePoiEditing } from '../model/poi-editing-store';
import { useApp } from '../../../lib/feedback';

const FIELDS = ['name', 'icon', 'notes', 'position'] as const;

interface FormValues {
  name: string;
  icon: MarkerIcon;
  notes: string;
}

const valuesOf = (m: MarkerRow | null): FormValues => ({
  name: m?.name ?? '',
  icon: m?.icon ?? 'other',
  notes: m?.notes ?? '',
});

/** Where the pin is, under the form's "position" field (whose server message shows below it). */
function PlacedStatus({
  position,
  status,
  hint,
}: {
  position: LngLat | null;
  status: string | null;
  hint: string;
}) {
  return (
    <div>
      <Typography.Text
        type={position ? 'success' : 'secondary'}
        data-testid="poi-placed"
        data-placed={position !== null}
      >
        {position ? `${position[1].toFixed(5)}, ${position[0].toFixed(5)}` : status}
      </Typography.Text>
      <Typography.Paragraph type="secondary" className="geofence-form-hint">
        {hint}
      </Typography.Paragraph>
    </div>
  );
}

/** The form beside the map for a POI being placed (a click on the map) or edited (moved, renamed). */
export function PoiForm({ onSaved }: { onSaved: (marker: MarkerRow) => void }) {
  const { t } = useTranslation('geography');
  const { message } = useApp();
  const [form] = Form.useForm();
  const { formError, showServerError, showInvalid, clearFormError } = useFormErrors(form, FIELDS);
  const { editing, position, close } = usePoiEditing();
  const save = useSaveMarker();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(editing));
    clearFormError();
  }, [editing]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (position) form.setFields([{ name: 'position', errors: [] }]);
  }, [position, form]);

  const submit = () => {
    clearFormError();
    const values = form.getFieldsValue(true) as FormValues;
    const checked = markerInput.safeParse({
      name: values.name,
      icon: values.icon,
      notes: values.notes || null,
      position,
    });
    if (!checked.success) return showInvalid(checked.error);
    save.mutate(
      { markerId: editing?.markerId ?? null, input: checked.data },
      {
        onSuccess: (row) => {
          void message.success(t('poi.saved'));
          close();
          onSaved(row);
        },
        onError: showServerError,
      },
    );
  };

  return (
    <Card
      size="small"
      className="poi-form map-side-panel"
      title={editing ? t('poi.titleEdit') : t('poi.titleNew')}
      data-testid="poi-form"
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
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
      >
        <Form.Item name="position" label={t('poi.position')}>
          <PlacedStatus
            position={position}
            status={position ? null : t('poi.notPlaced')}
            hint={position ? t('poi.moveHint') : t('poi.placeHint')}
          />
        </Form.Item>
        <Form.Item name="name" label={t('poi.name')} required>
          <Input maxLength={100} data-testid="poi-name" />
        </Form.Item>
        <Form.Item name="icon" label={t('poi.iconLabel')}>
          <Select
            options={markerIcons.map((i) => ({ value: i, label: t(`poi.icon.${i}`) }))}
            data-testid="poi-icon"
          />
        </Form.Item>
        <Form.Item name="notes" label={t('form.notes')}>
          <Input.TextArea rows={2} maxLength={500} data-testid="poi-notes" />
        </Form.Item>
        <div className="geofence-form-actions">
          <Button onClick={close} data-testid="poi-cancel">
            {t('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="poi-save">
            {t('form.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
