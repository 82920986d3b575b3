import { data } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';

/** Any path no page claims: a real HTTP 404, rendered by the layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
