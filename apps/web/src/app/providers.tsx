import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FeedbackApp } from '../lib/feedback';
import i18n from '../lib/i18n';
import { useLayoutStore } from '../lib/layout-store';
import { createQueryClient } from './query-client';

export const BRAND_COLOR = '#1d4ed8';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion (antd's motion is off then; styles.css does the rest). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

function ThemedApp({ children, runtimeStyles }: { children: ReactNode; runtimeStyles: boolean }) {
  const { i18n: instance } = useTranslation();
  const direction = useLayoutStore((s) => s.direction);
  const weakColor = useLayoutStore((s) => s.weakColor);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  return (
    <ConfigProvider
      direction={direction}
      locale={instance.resolvedLanguage === 'id' ? idID : enUS}
      theme={{
        token: {
          colorPrimary: weakColor ? '#64748b' : BRAND_COLOR,
          borderRadius: 8,
          fontSize: 14,
          motion: !reducedMotion,
        },
        algorithm: theme.defaultAlgorithm,
        // No styles generated at run time: antd/dist/antd.css (main.tsx) has them all, written with CSS
        // variables that the tokens above still set. Generating them cost ~0.15 s of main thread when
        // the shell first rendered (bench/map-bench.mjs CPU profiles, docs/performance.md). The signed-out
        // pages (signed-out-main.tsx) generate theirs instead: a few components' styles, not 1 MB of CSS.
        zeroRuntime: !runtimeStyles,
        components: {
          Layout: { headerBg: '#ffffff', headerHeight: 'var(--header-height)', headerPadding: '0 12px' },
        },
      }}
    >
      <FeedbackApp>{children}</FeedbackApp>
    </ConfigProvider>
  );
}

export function Providers({
  children,
  client,
  runtimeStyles = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  /** antd's styles generated at run time for the components rendered, instead of antd/dist/antd.css. */
  runtimeStyles?: boolean;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp runtimeStyles={runtimeStyles}>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
