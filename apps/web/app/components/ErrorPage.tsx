import { msg } from '@club/contract';
import { isRouteErrorResponse } from 'react-router';
import { pageTitle } from '../lib/seo.ts';
import { ui } from '../texts.ts';
import { NotFound } from './NotFound.tsx';

/**
 * The document title of an error page, for the boundary route's `meta` (the page's <title> lives
 * in <head>, where React Router's <Meta> writes it, never in the page's body).
 */
export const errorTitle = (error: unknown, shop?: string) =>
  pageTitle(
    isRouteErrorResponse(error) && error.status === 404
      ? ui.notFoundTitle
      : isRouteErrorResponse(error) && error.status === 503
        ? ui.unavailableTitle
        : ui.errorTitle,
    shop,
  );

/** What an error boundary shows: the Polish 404 page, the shop being unavailable for now, or a generic error without details. */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <section className="container-page py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-3xl font-bold">
        {unavailable ? ui.unavailableTitle : ui.errorTitle}
      </h1>
      <p className="mt-4 text-muted">{unavailable ? msg.databaseUnavailable : ui.errorText}</p>
      <a href="/" className="btn-primary mt-8">
        {ui.backHome}
      </a>
    </section>
  );
}
