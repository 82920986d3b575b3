import { groszeToZl, type MemberPrices, memberUnitPrice, promotionOfRow } from '@club/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { customerGroupsOf } from './membership.ts';
import { promotionsForPricing } from './repository.ts';

/**
 * The logged-in buyer's member prices of the club's products `ids` (decision 153): one piece of
 * each priced by the cart's engine with the public reductions and their groups' price cuts, so the
 * page shows what the cart will charge. Only products their groups make cheaper are listed. Kept
 * out of the cached, public shelf pages: the page asks for it in the browser.
 */
export const memberPrices = async (
  db: Db,
  orgId: number,
  userId: number,
  ids: readonly number[],
  now = new Date(),
): Promise<MemberPrices> => {
  const groups = await customerGroupsOf(db, orgId, userId, now);
  if (!groups.length || !ids.length) return { Ceny: [] };
  const [rows, stored] = await Promise.all([
    db
      .select({ id: products.id, price: products.priceGross, categoryId: products.categoryId })
      .from(products)
      .where(
        and(
          eq(products.organisationId, orgId),
          inArray(products.id, [...ids]),
          eq(products.active, true),
          isNull(products.archivedAt),
        ),
      ),
    promotionsForPricing(db, orgId, null),
  ]);
  const limitReached = (r: (typeof stored)[number]) => r.usageLimit !== null && r.used >= r.usageLimit;
  const promotions = stored.map((r) => promotionOfRow(r, null, limitReached(r)));
  const groupIds = groups.map((g) => g.id);
  const Ceny: MemberPrices['Ceny'] = [];
  for (const p of rows) {
    const piece = {
      productId: p.id,
      variantId: null,
      categoryIds: p.categoryId === null ? [] : [p.categoryId],
    };
    const member = memberUnitPrice(piece, p.price, promotions, groupIds, now);
    if (!member) continue;
    const of = promotions.find((x) => x.id === member.promotionId)?.customerGroupIds ?? [];
    const group = groups.find((g) => of.includes(g.id))!;
    Ceny.push({ Id: p.id, Cena: groszeToZl(member.price), Grupa: group.name });
  }
  return { Ceny: Ceny.sort((a, b) => a.Id - b.Id) };
};
