import { Link } from 'react-router';
import { ui } from '../texts.ts';

export function SiteHeader({ shop }: { shop: string }) {
  return (
    <header className="bg-primary text-white shadow">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="text-xl font-bold tracking-tight" aria-label={`${shop} – ${ui.home}`}>
          {shop}
        </Link>
      </div>
      <div className="h-1 bg-accent" aria-hidden="true" />
    </header>
  );
}
