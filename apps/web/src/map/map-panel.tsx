import type { CSSProperties, ReactNode } from 'react';

/**
 * A small card over the map (the ruler's legs, the vehicles at one spot): a plain box styled as antd's
 * small `Card` (map.css), not the `Card`, which brings antd's tabs and skeleton into every first load of
 * the map (~13 kB compressed).
 */
export function MapPanel({
  title,
  extra,
  className,
  bodyClassName,
  style,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className: string;
  bodyClassName?: string;
  style?: CSSProperties;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={`map-panel ${className}`} style={style} data-testid={testId}>
      <header className="map-panel-head">
        <span className="map-panel-title">{title}</span>
        {extra}
      </header>
      <div className={`map-panel-body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
    </section>
  );
}
