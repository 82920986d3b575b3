import { type PanelCustomerGroup, type PanelPromotion, promotionKindLabel } from '@club/contract';
import { useId } from 'react';
import { groupNames } from '../../lib/customer-group-form.ts';
import { formatDateTime } from '../../lib/format.ts';
import { codeSummary, periodSummary, usesSummary, valueSummary } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import { PromotionStatusTag } from './PromotionStatusTag.tsx';

const t = ui.promotions;

/**
 * Where a stored promotion stands (status in words, codes, period, uses) and what can be done with
 * it: pause or resume (one button, so the focus stays on it), end after a question, and the
 * batch's codes as a CSV file.
 */
export const PromotionActions = ({
  promotion: p,
  groups,
  onPause,
  onEnd,
}: {
  promotion: PanelPromotion;
  /** The club's groups, to name the ones it is limited to. */
  groups: Pick<PanelCustomerGroup, 'Id' | 'Nazwa'>[];
  /** true: pause; false: resume. Not disabled while busy: a disabled button would drop the focus. */
  onPause: (pause: boolean) => void;
  onEnd: () => void;
}) => {
  const id = useId();
  const ended = p.Status === 'ended';
  const batch = !p.Automatyczna && p.Kod === null;
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.state}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="text-muted">{t.status}</dt>
        <dd>
          <PromotionStatusTag status={p.Status} />
        </dd>
        <dt className="text-muted">{t.kind}</dt>
        <dd>{[promotionKindLabel[p.Rodzaj], valueSummary(p)].filter(Boolean).join(', ')}</dd>
        <dt className="text-muted">{t.code}</dt>
        <dd className={p.Kod ? 'font-mono' : ''}>
          {codeSummary(p)}
          {batch && ` (${t.usedCodes(p.UzyteKody)})`}
        </dd>
        <dt className="text-muted">{t.dates}</dt>
        <dd>{periodSummary(p)}</dd>
        <dt className="text-muted">{t.uses}</dt>
        <dd>{usesSummary(p)}</dd>
        <dt className="text-muted">{ui.customerGroups.forGroups}</dt>
        <dd>{groupNames(p.GrupyKlientow, groups)}</dd>
      </dl>
      {ended && p.Zakonczono && <p>{t.endedNote(formatDateTime(p.Zakonczono))}</p>}
      <div className="flex flex-wrap gap-3">
        {!ended && (
          <>
            <button type="button" className="btn-secondary" onClick={() => onPause(!p.Wstrzymana)}>
              {p.Wstrzymana ? t.resume : t.pause}
            </button>
            <button type="button" className="btn border border-danger bg-white text-danger" onClick={onEnd}>
              {t.end}
            </button>
          </>
        )}
        {batch && (
          <a
            href={`/api/panel/promotions/${p.Id}/codes.csv`}
            download
            className="btn-secondary"
            aria-describedby={`${id}-csv-hint`}
          >
            {t.csv}
          </a>
        )}
      </div>
      {batch && (
        <p id={`${id}-csv-hint`} className="text-sm text-muted">
          {t.csvHint(p.LiczbaKodow)}
        </p>
      )}
    </section>
  );
};
