import { Component, type ReactNode } from 'react';
import { PageFrame } from '../components/layout/PageFrame';
import { UNABLE_TO_PROCESS } from '../../../machines/messages';

interface Props {
  /** The title the screen registry gives the screen. */
  screen?: string;
  children: ReactNode;
}

/**
 * The error boundary of each route: a screen that throws shows this inside the shell, the rest
 * of the portal keeps working. Each route's element has its own, so leaving the route leaves the
 * failure behind.
 */
export class RouteErrorBoundary extends Component<Props, { failed: { error: unknown } | null }> {
  override state: { failed: { error: unknown } | null } = { failed: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: { error } };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    return <ScreenFailed screen={this.props.screen ?? 'This screen'} error={failed.error} />;
  }
}

function ScreenFailed({ screen, error }: { screen: string; error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <PageFrame title="Something went wrong">
      <div className="card" role="alert">
        <p>{UNABLE_TO_PROCESS}</p>
        <p className="muted">
          {screen} stopped working: {detail}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the screen
        </button>
      </div>
    </PageFrame>
  );
}
