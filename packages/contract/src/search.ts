import { z } from 'zod';
import { isCleanText } from './common.ts';
import {
  SEARCH_MAX_COUNT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_OFFSET,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
} from './constants.ts';
import { msg } from './messages.ts';
import { ProductListItemSchema } from './shop.ts';

/** The query as typed: 2-100 characters after trimming. */
export const searchText = () =>
  z
    .string({ error: msg.searchQueryRequired })
    .trim()
    .min(1, { error: msg.searchQueryRequired, abort: true })
    .max(SEARCH_MAX_LENGTH, { error: msg.searchQueryTooLong, abort: true })
    .min(SEARCH_MIN_LENGTH, { error: msg.searchQueryTooShort, abort: true })
    .refine(isCleanText, { error: msg.invalidCharacters, abort: true });

const queryInt = (min: number, max: number, fallback: number) =>
  z
    .string({ error: msg.offsetRange })
    .regex(/^\d{1,6}$/, { error: msg.offsetRange, abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, msg.offsetRange)
    .optional()
    .transform((n) => n ?? fallback);

/** `?q=&offset=&count=`: a page of results (`count=6` for the suggestions while typing). */
export const SearchQuerySchema = z.object({
  q: searchText(),
  offset: queryInt(0, SEARCH_MAX_OFFSET, 0),
  count: queryInt(1, SEARCH_MAX_COUNT, SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

/** Best matches first, in the product list's item shape; `Liczba`: every match of the query. */
export const SearchResultSchema = z.object({
  Produkty: z.array(ProductListItemSchema),
  Liczba: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
