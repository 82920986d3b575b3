import { PRODUCT_SORTS, type ProductSort } from '@club/contract';
import { useId } from 'react';
import { Form, useNavigate } from 'react-router';
import { listSearch, SORT_PARAM } from '../lib/paging.ts';
import { shopUi } from '../texts/shop.ts';

type Props = { sort: ProductSort /** The list's path (the category is in it). */; action: string };

/**
 * The order of the product list: a GET form, so it works before the script loads (the server
 * then redirects to the canonical address). With the script the button navigates straight to
 * it. Changing the select alone does nothing (WCAG 3.2.2: arrow keys through the options must not
 * reload the list); a new order starts at page 1.
 */
export function SortSelect({ sort, action }: Props) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action={action}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const value = new FormData(e.currentTarget).get(SORT_PARAM);
        const chosen = PRODUCT_SORTS.find((s) => s === value) ?? sort;
        navigate(`${action}${listSearch({ page: 1, sort: chosen })}`);
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {shopUi.sortLabel}
        </label>
        <select
          id={id}
          name={SORT_PARAM}
          defaultValue={sort}
          key={sort}
          className="block rounded-md border border-gray-500 bg-white py-2 pl-3 pr-8 text-base"
        >
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {shopUi.sorts[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary min-h-11">
        {shopUi.sortSubmit}
      </button>
    </Form>
  );
}
