import type { MilestoneRow, WorkOrderDetail } from '@pantau/contracts';
import { Button, DatePicker, Popover, Space, Tag, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/quantity';
import { formatDateTime, userTimeZoneName, wallTimeOf, zonedWallTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { isApiError } from '../../../lib/api-client';
import { validationMessage } from '../../../lib/validation-message';
import { useCorrectMilestone } from '../api/work-order-mutations';
import { useApp } from '../../../lib/feedback';

/**
 * The trip's milestones in order: each one's time and where it came from (detected at a geofence, or
 * corrected by an Administrator, with the detected time it replaced); the one the trip waits for next
 * is highlighted. An Administrator corrects a time, clears it, or goes back to the detected one.
 */
export function MilestoneTimeline({ spk, administrator }: { spk: WorkOrderDetail; administrator: boolean }) {
  const { t } = useTranslation('workOrders');
  const editable = administrator && spk.status !== 'cancelled';
  return (
    <Timeline
      className="spk-timeline"
      data-testid="spk-timeline"
      items={spk.milestones.map((m) => {
        const next = spk.nextMilestone === m.milestone;
        return {
          key: m.milestone,
          color: m.at ? (m.source === 'manual' ? 'orange' : 'green') : next ? 'blue' : 'gray',
          content: (
            <div
              className={next ? 'spk-milestone spk-milestone-next' : 'spk-milestone'}
              data-testid="spk-milestone"
              data-milestone={m.milestone}
              data-source={m.source ?? ''}
            >
              <div className="spk-milestone-title">
                <Typography.Text strong>{t(`milestone.${m.milestone}`)}</Typography.Text>
                {next && (
                  <Tag color="blue" data-testid="spk-next-milestone">
                    {t('drawer.next')}
                  </Tag>
                )}
              </div>
              <div className="spk-milestone-body">
                <MilestoneSource m={m} />
                {editable && <MilestoneCorrection spkId={spk.spkId} m={m} runDate={spk.runDate} />}
              </div>
            </div>
          ),
        };
      })}
    />
  );
}

function MilestoneSource({ m }: { m: MilestoneRow }) {
  const { t } = useTranslation('workOrders');
  if (!m.at)
    return (
      <Typography.Text type="secondary" data-testid="spk-milestone-time">
        {t('drawer.notYet')}
      </Typography.Text>
    );
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong data-testid="spk-milestone-time">
        <Quantity>{formatDateTime(m.at, { zone: true })}</Quantity>
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {m.source === 'manual'
          ? [
              t('drawer.corrected', {
                actor: m.correctedBy ?? '—',
                time: formatDateTime(m.correctedAt),
              }),
              m.detectedAt ? ` (${t('drawer.correctedFrom', { time: formatDateTime(m.detectedAt) })})` : '',
            ].join('')
          : m.polygonName
            ? t('drawer.detectedAt', { place: m.polygonName })
            : t('drawer.detected')}
      </Typography.Text>
    </Space>
  );
}

/** An Administrator's correction of one milestone: a date-time, Clear, or Back to detected. */
function MilestoneCorrection({ spkId, m, runDate }: { spkId: number; m: MilestoneRow; runDate: string }) {
  const { t } = useTranslation('workOrders');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const correct = useCorrectMilestone();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const milestone = t(`milestone.${m.milestone}`);

  const send = (body: { at: string | null; revert: boolean }, done: string) => {
    setError(null);
    correct.mutate(
      { spkId, milestone: m.milestone, body },
      {
        onSuccess: () => {
          void message.success(done);
          setOpen(false);
        },
        onError: (e) => {
          const field = isApiError(e) ? e.errors?.find((x) => x.path.endsWith('at')) : undefined;
          setError(field ? validationMessage(field.message) : errorMessage(te, e));
        },
      },
    );
  };

  return (
    <Space size={4} wrap className="spk-milestone-actions">
      <Popover
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) {
            setValue(dayjs(wallTimeOf(m.at ?? runDate, userTimeZoneName())));
            setError(null);
          }
        }}
        trigger="click"
        title={t('drawer.correctTitle', { milestone })}
        content={
          <Space orientation="vertical" data-testid="spk-correct-form">
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              value={value}
              onChange={setValue}
              status={error ? 'error' : undefined}
              data-testid="spk-correct-at"
            />
            {error && (
              <Typography.Text type="danger" data-testid="spk-correct-error">
                {error}
              </Typography.Text>
            )}
            <Space>
              <Button
                type="primary"
                size="small"
                disabled={!value}
                loading={correct.isPending}
                onClick={() =>
                  value &&
                  send(
                    {
                      at: zonedWallTime(value.format('YYYY-MM-DDTHH:mm'), userTimeZoneName()),
                      revert: false,
                    },
                    t('drawer.corrected_done'),
                  )
                }
                data-testid="spk-correct-save"
              >
                {t('drawer.correctSave')}
              </Button>
              {m.at && (
                <Button
                  size="small"
                  onClick={() => send({ at: null, revert: false }, t('drawer.corrected_done'))}
                  data-testid="spk-correct-clear"
                >
                  {t('drawer.clear')}
                </Button>
              )}
            </Space>
          </Space>
        }
      >
        <Button size="small" type="link" data-testid="spk-correct">
          {t('drawer.correct')}
        </Button>
      </Popover>
      {m.source === 'manual' && (
        <Button
          size="small"
          type="link"
          loading={correct.isPending}
          onClick={() => send({ at: null, revert: true }, t('drawer.reverted'))}
          data-testid="spk-revert"
        >
          {t('drawer.revert')}
        </Button>
      )}
    </Space>
  );
}
