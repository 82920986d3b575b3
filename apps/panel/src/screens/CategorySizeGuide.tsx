import { ApiClientError } from '@club/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { SizeGuideEditor } from '../components/size-guide/SizeGuideEditor.tsx';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.sizeGuide;

export const categorySizeGuideLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(async () => {
    try {
      return { id, ...(await api.call('panelCategorySizeGuide', { params: { id } })) };
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });
};

/** A category's size guide: its products (and its subcategories') without their own show it. */
export const CategorySizeGuide = () => {
  const { id, Nazwa, TabelaRozmiarow } = useLoaderData<typeof categorySizeGuideLoader>();
  return (
    <div className="space-y-5">
      <PageTitle title={t.categoryTitle(Nazwa)}>{t.categoryTitle(Nazwa)}</PageTitle>
      <p>
        <Link to="/kategorie" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <SizeGuideEditor
        initial={TabelaRozmiarow}
        hint={t.categoryHint}
        onSave={(guide) =>
          api.call('panelCategorySizeGuideSave', { params: { id }, body: { TabelaRozmiarow: guide } })
        }
      />
    </div>
  );
};
