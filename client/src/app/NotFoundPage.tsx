import { Link } from 'react-router-dom';
import { PageFrame } from '../components/layout/PageFrame';

export function NotFoundPage() {
  return (
    <PageFrame title="Page not found">
      <div className="card">
        <p>There is no page at this address.</p>
        <Link to="/dashboardDetails">Go to Live Alarm View</Link>
      </div>
    </PageFrame>
  );
}
