import { MAX_PAGE_COUNT, PAGE_SORTS, type PanelPageListItem, SPECIAL_PAGES } from '@club/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { dangerButton, RemoveDialog } from '../components/CrudParts.tsx';
import { ListScreen } from '../components/ListScreen.tsx';
import { ErrorBox, NoticeBox } from '../components/PageTitle.tsx';
import { ResponsiveTable } from '../components/ResponsiveTable.tsx';
import { listParams, SearchForm } from '../components/SearchForm.tsx';
import { useAction } from '../components/useAction.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.pages;
const COUNT = 50;

/** Every sub-page of the club (for parents' names and the parent list), a hundred per call. */
export const allPages = async () => {
  const out: PanelPageListItem[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_COUNT) {
    const batch = await api.call('panelPages', {
      query: { offset: String(offset), count: String(MAX_PAGE_COUNT), sort: 'tytul' },
    });
    out.push(...batch.Items);
    if (batch.Items.length === 0 || out.length >= batch.Total) return out;
  }
};

export const pagesLoader = ({ request }: LoaderFunctionArgs) => {
  const { offset, q, sort } = listParams(request.url, PAGE_SORTS);
  return guarded(async () => {
    const [list, all] = await Promise.all([
      api.call('panelPages', { query: { q, sort, offset: String(offset), count: String(COUNT) } }),
      allPages(),
    ]);
    return { offset, q, sort, list, all };
  });
};

const smallButton = 'btn min-h-11 border border-primary bg-white px-3 text-primary hover:bg-primary-light';

/** The club's sub-pages (CMS type 20) and the special texts: search, open to edit, delete. */
export const Pages = () => {
  const { offset, q, sort, list, all } = useLoaderData<typeof pagesLoader>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { error, notice, run, setNotice } = useAction();
  const [removing, setRemoving] = useState<PanelPageListItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const listId = useId();
  const titles = new Map(all.map((p) => [p.Id, p]));

  // A page deleted in its editor comes back here with the notice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    const arrived = (location.state as { notice?: string } | null)?.notice;
    if (arrived) setNotice(arrived);
  }, []);

  const remove = async () => {
    const p = removing;
    setRemoving(null);
    if (!p) return;
    const ok = await run(async () => {
      await api.call('panelPageDelete', { params: { id: p.Id } });
      await revalidator.revalidate();
    }, t.removed(p.Tytul));
    // The row and its button are gone: the focus goes to the list's heading.
    if (ok) heading.current?.focus();
  };

  const parentOf = (p: PanelPageListItem) => {
    if (p.IdRodzica === null) return t.none;
    const parent = titles.get(p.IdRodzica);
    return parent ? parent.Tytul : t.none;
  };

  return (
    <ListScreen
      title={t.title}
      add={{ to: '/tresci/strony/nowa', label: t.add }}
      top={
        <>
          <p className="text-muted">{t.intro}</p>
          <NoticeBox>{notice}</NoticeBox>
          <ErrorBox>{error}</ErrorBox>
          <SearchForm texts={t} q={q} sort={sort} resetTo="/tresci/strony" />
          <h2 ref={heading} tabIndex={-1} id={listId} className="sr-only">
            {t.title}
          </h2>
        </>
      }
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
      after={
        <RemoveDialog
          t={t}
          row={removing}
          nameOf={(p) => p.Tytul}
          onConfirm={remove}
          onCancel={() => setRemoving(null)}
        />
      }
    >
      <ResponsiveTable
        label={t.title}
        labelledBy={listId}
        minWidth="min-w-[44rem]"
        rows={list.Items}
        rowKey={(p) => p.Id}
        columns={[
          {
            label: t.pageTitle,
            cell: (p) => (
              <>
                <Link to={`/tresci/strony/${p.Id}`} className="text-primary underline">
                  {p.Tytul}
                </Link>
                {p.Specjalna && (
                  <span className="mt-1 block w-fit rounded bg-accent px-2 py-0.5 text-sm font-semibold text-ink">
                    {t.special}
                  </span>
                )}
              </>
            ),
          },
          {
            label: t.address,
            cell: (p) =>
              p.Specjalna ? (
                <span className="text-sm">{SPECIAL_PAGES[p.Slug] ?? p.Slug}</span>
              ) : (
                <span className="font-mono text-sm break-all">/{p.Slug}</span>
              ),
          },
          { label: t.parent, cell: parentOf },
          {
            label: t.params,
            cell: (p) =>
              p.Parametry.length ? (
                <span className="font-mono text-sm">{p.Parametry.join(', ')}</span>
              ) : (
                t.none
              ),
          },
          {
            label: t.actions,
            cell: (p) => (
              <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                <Link to={`/tresci/strony/${p.Id}`} aria-label={t.editOf(p.Tytul)} className={smallButton}>
                  {t.edit}
                </Link>
                {!p.Specjalna && (
                  <button
                    type="button"
                    aria-label={t.removeOf(p.Tytul)}
                    className={dangerButton}
                    onClick={() => setRemoving(p)}
                  >
                    {t.remove}
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </ListScreen>
  );
};
