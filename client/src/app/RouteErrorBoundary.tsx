import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { PageFrame } from '../components/layout/PageFrame';
import { UNABLE_TO_PROCESS } from '../../../machines/messages';

/**
 * The error boundary of each route: a screen that throws shows this inside the shell, the rest
 * of the portal keeps working. `screen` is the title the screen registry gives it.
 */
export function RouteErrorBoundary({ screen = 'This screen' }: { screen?: string }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  if (import.meta.env.DEV) console.error(error);
  return (
    <PageFrame title="Something went wrong">
      <div className="card" role="alert">
        <p>{UNABLE_TO_PROCESS}</p>
        <p className="muted">
          {screen} stopped working: {detail}
        </p>
        <button type="button" className="button" onClick={() => navigate(0)}>
          Reload the screen
        </button>
      </div>
    </PageFrame>
  );
}
