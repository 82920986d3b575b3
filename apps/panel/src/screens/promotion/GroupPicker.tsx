import type { PanelCustomerGroup } from '@club/contract';
import { Link } from 'react-router';
import { toggleGroup } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import type { DraftProps } from './DraftField.tsx';

const t = ui.customerGroups;

/**
 * "Dla grup klientów": the club's groups as checkboxes; none ticked, the promotion is everyone's
 * (member and sponsor prices, decision 153).
 */
export const GroupPicker = ({
  id,
  draft,
  set,
  errors,
  groups,
}: DraftProps & { groups: Pick<PanelCustomerGroup, 'Id' | 'Nazwa'>[] }) => {
  const described = errors.described('GrupyKlientow', `${id}-GrupyKlientow-hint`);
  return (
    <fieldset
      className="min-w-0 space-y-3 rounded border border-gray-300 p-4"
      aria-describedby={described['aria-describedby']}
    >
      <legend className="px-1 font-semibold">{t.forGroups}</legend>
      <p id={`${id}-GrupyKlientow-hint`} className="text-sm text-muted">
        {groups.length ? t.forGroupsHint : t.noGroups}
      </p>
      {groups.length > 0 && (
        <ul className="space-y-2">
          {groups.map((g) => (
            <li key={g.Id} className="flex items-center gap-3">
              <input
                id={`${id}-grupa-${g.Id}`}
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={draft.GrupyKlientow.includes(g.Id)}
                onChange={(e) =>
                  set({ GrupyKlientow: toggleGroup(draft.GrupyKlientow, g.Id, e.target.checked) })
                }
                aria-invalid={described['aria-invalid']}
              />
              <label htmlFor={`${id}-grupa-${g.Id}`} className="min-w-0 break-words">
                {g.Nazwa}
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors.error('GrupyKlientow')}
      <p className="text-sm">
        <Link to="/grupy-klientow" className="text-primary underline">
          {t.manageGroups}
        </Link>
      </p>
    </fieldset>
  );
};
