import { yieldToMain } from './lib/schedule/yieldToMain';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/phone.css';

/**
 * The start in steps (issue 38): a graph of static imports is evaluated in one task, so the
 * session's code (xstate, the session's schemas) and the app's (React DOM, the router, the
 * routes) are imported one after the other, with a yield between, each a task of its own. Their
 * chunks are preloaded by index.html's modulepreload links (client/build/startPreloads.ts), so
 * the steps add no round trip. The session check goes first: its request is out while the rest
 * evaluates.
 */
async function start(): Promise<void> {
  const { bootstrap } = await import('./app/bootstrap');
  bootstrap();
  await yieldToMain();
  await import('react-dom/client');
  await yieldToMain();
  const { startApp } = await import('./app/startApp');
  await startApp();
}

void start();
