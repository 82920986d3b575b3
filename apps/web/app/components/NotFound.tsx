import { ui } from '../texts.ts';
import { Link } from './Link.tsx';

/** The 404 page's content; its title comes from the boundary route's `meta` (errorTitle). */
export function NotFound() {
  return (
    <section className="container-page py-16 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold">
        {ui.notFoundTitle}
      </h1>
      <p className="mt-4 text-muted">{ui.notFoundText}</p>
      <Link to="/" className="btn-primary mt-8">
        {ui.backHome}
      </Link>
    </section>
  );
}
