import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';
import { preloadRouteAt } from './app/routes';
import { registerServiceWorker } from './lib/pwa/serviceWorker';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/phone.css';

bootstrap();

// A deep link's code first (index.html's boot screen stays up meanwhile), then one render of the
// whole screen, as a transition: React renders it in slices, so a slow phone keeps answering.
void preloadRouteAt(window.location.pathname).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
registerServiceWorker();
