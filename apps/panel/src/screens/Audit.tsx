import { PANEL_AUDIT_SORTS, type PanelAuditEntry } from '@club/contract';
import { Fragment } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { Pager } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { listParams, SearchForm } from '../components/SearchForm.tsx';
import { auditAction, auditChanges, auditObject } from '../lib/audit-text.ts';
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

/** What the entry changed, field by field: "Cena brutto: 39,90 zł → 49,90 zł". */
const Changes = ({ entry }: { entry: PanelAuditEntry }) => {
  const changes = auditChanges(entry);
  if (changes.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(9rem,max-content)_minmax(0,1fr)]">
      {changes.map((c) => (
        <Fragment key={c.field}>
          <dt className="font-semibold">{c.label}</dt>
          <dd className="min-w-0 break-words">
            {c.before !== undefined && c.after !== undefined ? (
              <>
                <span className="sr-only">{t.was}: </span>
                <span className="text-muted">{c.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">, {t.is}: </span>
                <span className="font-semibold">{c.after}</span>
              </>
            ) : (
              (c.after ?? c.before)
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
};

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
              <p className="break-words">
                <span className="font-semibold">{e.Kto || t.system}</span> · {auditAction(e.Akcja)} ·{' '}
                {auditObject(e)}
              </p>
              <p className="text-sm text-muted">{formatDateTime(e.Kiedy)}</p>
              <Changes entry={e} />
            </li>
          ))}
        </ol>
      )}
      <Pager offset={offset} count={COUNT} total={list.Total} />
    </div>
  );
};
