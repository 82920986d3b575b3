import { type Product, SAFETY_GROUPS, safetyGroupLabel, safetyProductFields } from '@club/contract';
import { shopUi } from '../texts/shop.ts';

/** An e-mail becomes a mailto link, a web address a link; anything else stays text. */
const Contact = ({ value }: { value: string }) => {
  if (/^https?:\/\//i.test(value)) {
    return (
      <a href={value} rel="nofollow noopener noreferrer" className="underline break-all">
        {value}
      </a>
    );
  }
  if (value.includes('@')) {
    return (
      <a href={`mailto:${value}`} className="underline break-all">
        {value}
      </a>
    );
  }
  return <>{value}</>;
};

/**
 * The product's safety data (GPSR): manufacturer, the EU responsible person, identifiers and
 * warnings, each group under its heading; the API has already put the club's defaults in the gaps
 * and leaves `Bezpieczenstwo` out when there is nothing to show.
 */
export const ProductSafety = ({ product, className = '' }: { product: Product; className?: string }) => {
  const safety = product.Bezpieczenstwo;
  if (!safety) return null;
  const groups = SAFETY_GROUPS.flatMap((group) => {
    const rows = safetyProductFields.flatMap((f) => {
      const value = f.group === group ? safety[f.key as keyof typeof safety] : undefined;
      return value ? [{ ...f, value }] : [];
    });
    return rows.length ? [{ group, rows }] : [];
  });
  return (
    <section aria-labelledby="product-safety" className={`max-w-3xl ${className}`}>
      <h2 id="product-safety" className="text-xl font-bold">
        {shopUi.safety}
      </h2>
      {groups.map(({ group, rows }) => (
        <div key={group} className="mt-4">
          <h3 className="font-semibold">{safetyGroupLabel[group]}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {rows.map((r) => (
              <div key={r.key} className="contents">
                <dt className="text-gray-700">{r.label}</dt>
                <dd className="whitespace-pre-line break-words">
                  {r.key.endsWith('Kontakt') ? <Contact value={r.value} /> : r.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
};
