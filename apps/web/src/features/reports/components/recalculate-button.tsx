import { ReloadOutlined } from '@ant-design/icons';
import { recalculateJob, recalculateJobList, type RecalculateJob } from '@pantau/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Progress, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { reportKeys } from '../api/reports';
import { useApp } from '../../../lib/feedback';

const POLL_MS = 500;

/**
 * Recalculate (the spec's playback route recalculation), for an Administrator: works one vehicle's
 * trips, stops, days, visits and violations out again from its stored positions over the period, with
 * its progress; the reports refresh when it is done. Running it twice gives the same rows.
 */
export function RecalculateButton({
  vehicleIds,
  period,
  vehicleLabel,
}: {
  vehicleIds: readonly string[];
  period: { from: string; to: string };
  vehicleLabel: string | undefined;
}) {
  const { t } = useTranslation('reports');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<RecalculateJob | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (!isAdministrator()) return null;

  const one = vehicleIds.length === 1 ? Number(vehicleIds[0]) : null;

  const follow = (jobId: string) => {
    timer.current = window.setTimeout(async () => {
      try {
        const list = await api.getAuth('logs/recalculate', { query: { jobId }, schema: recalculateJobList });
        const next = list.results[0];
        if (!next) return;
        setJob(next);
        if (next.state === 'done') {
          void queryClient.invalidateQueries({ queryKey: reportKeys.all });
          void message.success(t('recalculate.done', { ...next.result }));
        } else if (next.state === 'failed') {
          void message.error(next.error?.detail ?? next.error?.title ?? t('recalculate.failed'));
        } else follow(jobId);
      } catch (err) {
        void message.error(errorMessage(te, err));
      }
    }, POLL_MS);
  };

  const start = async () => {
    try {
      const started = await api.postAuth('logs/recalculate', {
        body: { kendaraanId: one, ...period },
        schema: recalculateJob,
      });
      setJob(started);
      follow(started.jobId);
    } catch (err) {
      void message.error(errorMessage(te, err));
    }
  };

  const running = job !== null && (job.state === 'queued' || job.state === 'running');
  return (
    <>
      {modalHolder}
      <Tooltip title={one === null ? t('recalculate.pickOne') : undefined}>
        <Button
          icon={<ReloadOutlined />}
          disabled={one === null || running}
          loading={running}
          data-testid="report-recalculate"
          onClick={() =>
            modal.confirm({
              title: t('recalculate.confirmTitle', { vehicle: vehicleLabel ?? '' }),
              content: t('recalculate.confirmText'),
              okText: t('recalculate.start'),
              onOk: start,
            })
          }
        >
          {t('recalculate.button')}
        </Button>
      </Tooltip>
      <Modal
        open={job !== null}
        title={t('recalculate.progressTitle', { vehicle: vehicleLabel ?? '' })}
        onCancel={() => setJob(null)}
        footer={null}
        destroyOnHidden
      >
        <Progress
          data-testid="report-recalculate-progress"
          percent={Math.round((job?.progress ?? 0) * 100)}
          status={job?.state === 'failed' ? 'exception' : job?.state === 'done' ? 'success' : 'active'}
        />
        <p data-testid="report-recalculate-state" data-state={job?.state}>
          {job ? t(`recalculate.state.${job.state}`, { ...job.result }) : null}
        </p>
      </Modal>
    </>
  );
}
