import { z } from 'zod';
import { idNumber, isCleanText, reorderSchema } from './common.ts';
import { msg } from './messages.ts';

const name = () =>
  z
    .string({ error: msg.categoryNameRequired })
    .trim()
    .min(1, { error: msg.categoryNameRequired, abort: true })
    .max(100, { error: msg.tooLong, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true });

/** A parent category's id, or null for the top level. */
const parentId = () => idNumber(msg.categoryParentNotFound).nullable();

/** One category of the panel's tree; the list comes in tree order (each parent before its children). */
export const PanelCategorySchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  IdParent: z.number().int().nullable(),
  /** Place among its siblings, from 0. */
  Pozycja: z.number().int(),
  /** Depth in the tree, 0 at the top. */
  Poziom: z.number().int(),
  /** Products (not archived) in this very category... */
  LiczbaProduktow: z.number().int(),
  /** ...and in it with all its subcategories. */
  LiczbaProduktowRazem: z.number().int(),
  LiczbaPodkategorii: z.number().int(),
});
export type PanelCategory = z.infer<typeof PanelCategorySchema>;

export const PanelCategoryCreateSchema = z.object({
  Nazwa: name(),
  IdParent: parentId().optional().default(null),
});
export type PanelCategoryCreate = z.infer<typeof PanelCategoryCreateSchema>;

/** Rename and/or move: `IdParent` present moves (null: to the top level), at the end of the new siblings. */
export const PanelCategoryUpdateSchema = z.object({
  Nazwa: name().optional(),
  IdParent: parentId().optional(),
});
export type PanelCategoryUpdate = z.infer<typeof PanelCategoryUpdateSchema>;

/** The new order of one parent's children: every child's id, each once. */
export const PanelCategoryReorderSchema = reorderSchema(
  parentId(),
  msg.categoryNotFound,
  msg.categoryOrderMismatch,
  1000,
);
export type PanelCategoryReorder = z.infer<typeof PanelCategoryReorderSchema>;
