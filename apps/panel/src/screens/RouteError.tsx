import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { errorMessage } from '../api.ts';
import { ErrorBox, PageTitle } from '../components/PageTitle.tsx';
import { ui } from '../texts.ts';
import { NotFound } from './NotFound.tsx';

/** A screen whose data could not be loaded: the API's message and a retry. */
export const RouteError = () => {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="space-y-4 p-4">
      <PageTitle title={ui.genericError}>{ui.genericError}</PageTitle>
      <ErrorBox>{errorMessage(error, ui.loadFailed)}</ErrorBox>
      <button type="button" className="btn-primary" onClick={() => revalidator.revalidate()}>
        {ui.retry}
      </button>
    </div>
  );
};
