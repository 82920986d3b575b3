import { PANEL_AUDIT_SORTS, type PanelAuditEntry } from '@club/contract';
import { Fragment } from 'react';
import { useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ListScreen } from '../components/ListScreen.tsx';
import { SearchForm, searchListLoader } from '../components/SearchForm.tsx';
import { auditAction, auditChanges, auditObject } from '../lib/audit-text.ts';
import { formatDateTime } from '../lib/format.ts';
import { ui } from '../texts.ts';

const t = ui.audit;
const COUNT = 20;

export const auditLoader = searchListLoader(PANEL_AUDIT_SORTS, COUNT, (query) =>
  api.call('panelAudit', { query }),
);

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
    <ListScreen
      title={t.title}
      top={<SearchForm texts={t} q={q} sort={sort} resetTo="/dziennik" />}
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
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
    </ListScreen>
  );
};
