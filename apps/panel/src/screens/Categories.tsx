import { useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { TableScroll } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.categories;

export const categoriesLoader = () => guarded(() => api.call('panelCategories'));

/** The category tree in its order, with product counts. */
export const Categories = () => {
  const categories = useLoaderData<typeof categoriesLoader>();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      {categories.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <TableScroll label={t.title}>
          <table className="w-full min-w-[30rem] text-left">
            <thead className="bg-gray-100 text-sm">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t.name}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.products}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.productsWithSub}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.subcategories}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {categories.map((c) => (
                <tr key={c.Id}>
                  <td className="px-3 py-2" style={{ paddingLeft: `${0.75 + c.Poziom * 1.5}rem` }}>
                    {c.Poziom > 0 && <span aria-hidden="true">└ </span>}
                    {c.Nazwa}
                  </td>
                  <td className="px-3 py-2 text-right">{c.LiczbaProduktow}</td>
                  <td className="px-3 py-2 text-right">{c.LiczbaProduktowRazem}</td>
                  <td className="px-3 py-2 text-right">{c.LiczbaPodkategorii}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
};
