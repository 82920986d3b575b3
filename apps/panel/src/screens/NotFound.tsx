import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle.tsx';
import { ui } from '../texts.ts';

export const NotFound = () => (
  <div className="space-y-4">
    <PageTitle title={ui.notFoundTitle}>{ui.notFoundTitle}</PageTitle>
    <p>{ui.notFoundText}</p>
    <Link to="/" className="btn-primary">
      {ui.backToDashboard}
    </Link>
  </div>
);
