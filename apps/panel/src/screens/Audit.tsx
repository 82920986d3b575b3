import { PANEL_AUDIT_SORTS } from '@club/contract';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { Pager } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { listParams, SearchForm } from '../components/SearchForm.tsx';
import { formatDateTime } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.audit;
const COUNT = 20;

export const auditLoader = ({ request }: LoaderFunctionArgs) => {
  const { offset, q, sort } = listParams(request.url, PANEL_AUDIT_SORTS);
  return guarded(async () => ({
    offset,
    q,
    sort,
    list: await api.call('panelAudit', { query: { q, sort, offset: String(offset), count: String(COUNT) } }),
  }));
};

const Snapshot = ({ label, value }: { label: string; value: unknown }) =>
  value === null || value === undefined ? null : (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-primary underline">{label}</summary>
      <pre className="mt-1 overflow-x-auto rounded bg-gray-100 p-2 text-xs whitespace-pre-wrap">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );

/** Who changed what and when, with the state before and after (the audit log of every panel change). */
export const Audit = () => {
  const { offset, q, sort, list } = useLoaderData<typeof auditLoader>();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <SearchForm
        label={t.filters}
        hint={t.searchHint}
        q={q}
        sort={sort}
        sorts={t.sorts}
        resetTo="/dziennik"
      />
      {list.Items.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <ol className="space-y-3">
          {list.Items.map((e) => (
            <li key={e.Id} className="card">
              <p>
                <span className="font-semibold">{e.Kto || t.system}</span> · {t.action(e.Akcja)} ·{' '}
                {t.object(e.Obiekt, e.IdObiektu)}
              </p>
              <p className="text-sm text-muted">{formatDateTime(e.Kiedy)}</p>
              <Snapshot label={t.before} value={e.Przed} />
              <Snapshot label={t.after} value={e.Po} />
            </li>
          ))}
        </ol>
      )}
      <Pager offset={offset} count={COUNT} total={list.Total} />
    </div>
  );
};
