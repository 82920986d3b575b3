import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// One buyer, as a per-customer limit recognises them, as SQL expressions: the same text builds
// the orders' indexes and the limit's query, so PostgreSQL matches them (see decision 145).
// POSIX classes instead of backslashes: the text passes through JavaScript and SQL literals.

/**
 * An e-mail trimmed and lower-cased; at Gmail (which ignores dots and everything after a `+` in
 * the name) the dots and the `+tag` are dropped too, so `j.kowalski+2@gmail.com` is
 * `jkowalski@gmail.com`. Other providers are taken as written: elsewhere a dot can be a
 * different mailbox.
 */
export const emailKey = (email: SQLWrapper | string): SQL => {
  const e = sql`lower(btrim(${email}))`;
  return sql`(case when split_part(${e}, '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(${e}, '@', 1), '+', 1), '.', '') || '@gmail.com' else ${e} end)`;
};

/**
 * A delivery address as street with house number and postcode: lower-cased, a leading `ul.`
 * dropped, spaces, dots and commas removed; the postcode's digits only. `ul. Długa 5` at
 * `00-001` and `DŁUGA 5` at `00001` are one address.
 */
export const addressKey = (street: SQLWrapper | string, postcode: SQLWrapper | string): SQL =>
  sql`(regexp_replace(regexp_replace(lower(${street}), '^[[:space:]]*ul([.]|[[:space:]])[[:space:]]*', ''), '[[:space:].,]', '', 'g') || '|' || regexp_replace(${postcode}, '[^0-9]', '', 'g'))`;
