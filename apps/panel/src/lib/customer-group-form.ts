import type { PanelCustomerGroup } from '@club/contract';
import { ui } from '../texts.ts';
import { formatWarsaw } from './promotion-form.ts';

/** Plain rules of the customer group form: what is typed, what is sent, and what the list shows. */

const t = ui.customerGroups;

/** The form as typed: dates as `datetime-local` (Warsaw wall clock), accounts and domains one per line. */
export type GroupDraft = { Nazwa: string; Od: string; Do: string; Konta: string; Domeny: string };

/** The form's values of a stored group, or of a new one. */
export const groupDraftOf = (g?: PanelCustomerGroup | null): GroupDraft => ({
  Nazwa: g?.Nazwa ?? '',
  Od: g?.Od ?? '',
  Do: g?.Do ?? '',
  Konta: (g?.Konta ?? []).map((k) => k.Email).join('\n'),
  Domeny: (g?.Domeny ?? []).join('\n'),
});

/** One entry a line (commas and semicolons too, as pasted from a spreadsheet or a mail); blank ones dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The group as the API takes it; the schema lower-cases and checks each line. */
export const groupBodyOf = (d: GroupDraft) => ({
  Nazwa: d.Nazwa,
  Od: d.Od || null,
  Do: d.Do || null,
  Konta: linesOf(d.Konta),
  Domeny: linesOf(d.Domeny),
});

const sameList = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].map((s) => s.toLowerCase()).sort()) ===
  JSON.stringify([...b].map((s) => s.toLowerCase()).sort());

/** Only what differs from the stored group (a list given replaces the group's, so it is sent whole). */
export const groupChangesOf = (current: PanelCustomerGroup, d: GroupDraft) => {
  const body = groupBodyOf(d);
  return {
    ...(body.Nazwa !== current.Nazwa && { Nazwa: body.Nazwa }),
    ...(body.Od !== current.Od && { Od: body.Od }),
    ...(body.Do !== current.Do && { Do: body.Do }),
    ...(!sameList(
      body.Konta,
      current.Konta.map((k) => k.Email),
    ) && { Konta: body.Konta }),
    ...(!sameList(body.Domeny, current.Domeny) && { Domeny: body.Domeny }),
  };
};

/**
 * The form's field for a message's path (`Domeny.2` -> `Domeny`); a line's message names the line
 * as typed, so the manager finds it in a long list. The first message of a field wins.
 */
export const groupFormFields = (
  fields: Record<string, string>,
  sent: { Konta: readonly string[]; Domeny: readonly string[] },
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head = path, index] = path.split('.');
    const line =
      (head === 'Konta' || head === 'Domeny') && index !== undefined ? sent[head][Number(index)] : undefined;
    out[head] ??= line ? t.lineError(line, message) : message;
  }
  return out;
};

/** Its validity: "od 01.12.2026, 00:00 do 01.07.2027, 00:00", one end, or "bezterminowo". */
export const validitySummary = (g: Pick<PanelCustomerGroup, 'Od' | 'Do'>): string =>
  [g.Od && t.from(formatWarsaw(g.Od)), g.Do && t.until(formatWarsaw(g.Do))].filter(Boolean).join(' ') ||
  t.always;

/** "3 konta, 1 domena". */
export const membersSummary = (g: Pick<PanelCustomerGroup, 'Konta' | 'Domeny'>): string =>
  `${t.accounts(g.Konta.length)}, ${t.domains(g.Domeny.length)}`;

/** The names of a promotion's groups, in the club's order; an id no longer there by its number. */
export const groupNames = (
  ids: readonly number[],
  groups: readonly Pick<PanelCustomerGroup, 'Id' | 'Nazwa'>[],
) =>
  ids.length === 0
    ? t.everyone
    : ids.map((id) => groups.find((g) => g.Id === id)?.Nazwa ?? t.numbered(id)).join(', ');
