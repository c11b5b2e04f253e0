import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title (and optional intro) at the top of a workspace page. */
export function PageHeader({ title, intro, extra }: { title: string; intro?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {intro && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            <span>{intro}</span>
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </div>
  );
}
