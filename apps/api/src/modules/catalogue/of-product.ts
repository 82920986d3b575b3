import { and, eq } from 'drizzle-orm';
import type { productParameters, productPhotos } from '../../db/schema.ts';

/** A product's options or photos: always asked for within the product and its club both. */
export const ofProduct = (
  table: typeof productParameters | typeof productPhotos,
  orgId: number,
  productId: number,
) => and(eq(table.productId, productId), eq(table.organisationId, orgId));
