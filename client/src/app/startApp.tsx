import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../lib/pwa/serviceWorker';
import { App } from './App';
import { preloadRouteAt } from './routes';

/**
 * The app's first render: a deep link's code first (index.html's boot screen stays up
 * meanwhile), then one render of the whole screen, as a transition: React renders it in slices,
 * so a slow phone keeps answering.
 */
export async function startApp(): Promise<void> {
  await preloadRouteAt(window.location.pathname);
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  registerServiceWorker();
}
