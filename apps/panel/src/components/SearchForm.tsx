import { useId } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { FilterForm, SearchField, SelectField } from './FilterForm.tsx';

/** A list's search box and sort, sent to the address as a GET form (the loader reads them there). */
export const SearchForm = ({
  texts,
  q,
  sort,
  resetTo,
}: {
  /** The form's name, the search's hint and the sorts (value → name, the first is the default). */
  texts: { filters: string; searchHint?: string; sorts: Record<string, string> };
  q?: string;
  sort?: string;
  resetTo: string;
}) => {
  const id = useId();
  return (
    <FilterForm label={texts.filters} columns={2} resetTo={resetTo}>
      <SearchField id={`${id}-q`} label={ui.list.search} value={q} hint={texts.searchHint} />
      <SelectField
        id={`${id}-sort`}
        name="sort"
        label={ui.list.sort}
        value={sort ?? Object.keys(texts.sorts)[0]}
        options={Object.entries(texts.sorts)}
      />
    </FilterForm>
  );
};

/** offset, q and sort (one of `sorts`) from a list's address. */
export const listParams = <S extends string>(url: string, sorts: readonly S[]) => {
  const p = new URL(url).searchParams;
  const sort = p.get('sort') ?? '';
  return {
    offset: Math.max(0, Number(p.get('offset')) || 0),
    q: p.get('q')?.trim() || undefined,
    sort: (sorts as readonly string[]).includes(sort) ? (sort as S) : undefined,
  };
};

/** The loader of a list with a search and a sort: `load` gets the page's query as the API reads it. */
export const searchListLoader =
  <S extends string, L>(
    sorts: readonly S[],
    count: number,
    load: (query: { q?: string; sort?: S; offset: string; count: string }) => Promise<L>,
  ) =>
  ({ request }: LoaderFunctionArgs) => {
    const { offset, q, sort } = listParams(request.url, sorts);
    return guarded(async () => ({
      offset,
      q,
      sort,
      list: await load({ q, sort, offset: String(offset), count: String(count) }),
    }));
  };
