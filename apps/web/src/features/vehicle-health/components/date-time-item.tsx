import { DatePicker, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { userTimeZoneName, wallTimeOf, zonedWallTime } from '../../../lib/date-time';

/** The form keeps the ISO instant the contract takes; the picker shows it in the user's zone. */
const instantProps = {
  getValueProps: (value: string | null | undefined) => ({
    value: value ? dayjs(wallTimeOf(value, userTimeZoneName())) : null,
  }),
  normalize: (value: Dayjs | null) =>
    value ? zonedWallTime(value.format('YYYY-MM-DDTHH:mm'), userTimeZoneName()) : null,
};

/** A date and time field of a record form (`name` is the contract's field). */
export function DateTimeItem({
  name,
  label,
  required = false,
  help,
}: {
  name: string;
  label: string;
  required?: boolean;
  help?: string;
}) {
  const { t } = useTranslation('vehicleHealth');
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, message: t('form.timeRequired') }] : []}
      extra={help}
      {...instantProps}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="DD/MM/YYYY HH:mm"
        allowClear={!required}
        style={{ width: '100%' }}
        data-testid={`record-${name}`}
      />
    </Form.Item>
  );
}
