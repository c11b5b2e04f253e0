import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { textsReady } from '../lib/i18n';
import { Providers } from './providers';
import './styles.css';

/*
 * The signed-out pages (sign-in, sign-up, forgot password) on their own: signed-out.html, which the server
 * sends for these paths, built by vite.signed-out.config.ts. React, a plain router (not the data router
 * the app uses), a few antd components with their styles generated at run time, and these pages' texts;
 * none of the map, antd's whole stylesheet or the app's other pages, which a visitor signing in over a
 * mobile link would otherwise wait for. Signing in reloads into the app (`/`).
 */

const SignUpPage = lazy(() =>
  import('../features/auth/pages/sign-up-page').then((m) => ({ default: m.SignUpPage })),
);
const ForgotPage = lazy(() =>
  import('../features/auth/pages/forgot-page').then((m) => ({ default: m.ForgotPage })),
);

/**
 * Once the visitor starts typing, the app's files (listed by the build in `<meta name="pantau-app-files">`)
 * are fetched into the cache at low priority: signing in then opens the app without waiting for them,
 * while the sign-in page itself needed none of them to show.
 */
function prefetchApp() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="pantau-app-files"]');
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // As the app asks for them (module scripts and their styles are CORS requests): same cache entry.
    link.crossOrigin = '';
    document.head.append(link);
  }
}
document.addEventListener('input', prefetchApp, { once: true, capture: true });

/** Any other page is the app's: loaded in full. */
function AppPage() {
  useEffect(() => window.location.assign(window.location.href), []);
  return null;
}

// The texts are part of this page (signed-out-texts.ts): in place a microtask later.
void textsReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers runtimeStyles>
        <BrowserRouter>
          <Suspense>
            <Routes>
              <Route path="/signin" element={<SignInPage />} />
              <Route path="/signup" element={<SignUpPage />} />
              <Route path="/forgot" element={<ForgotPage />} />
              <Route path="*" element={<AppPage />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
