import { PageFrame } from '../components/layout/PageFrame';

export const UNAUTHORIZED_TEXT = 'Unauthorized - You do not have permission to access this page.';

export function UnauthorizedPage() {
  return (
    <PageFrame title="Unauthorized">
      <div className="card" role="alert">
        <p>{UNAUTHORIZED_TEXT}</p>
      </div>
    </PageFrame>
  );
}
