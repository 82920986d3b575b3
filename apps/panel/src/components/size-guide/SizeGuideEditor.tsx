import {
  type PanelSizeGuide,
  SIZE_GUIDE_MAX_COLUMNS,
  SIZE_GUIDE_MAX_ROWS,
  type SizeGuide,
  SizeGuideSchema,
} from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api.ts';
import { ui } from '../../texts.ts';
import { ErrorBox, NoticeBox } from '../PageTitle.tsx';
import { useAction } from '../useAction.ts';
import { useUnsavedGuard } from '../useUnsavedGuard.tsx';
import { GuideTable } from './GuideTable.tsx';
import * as edit from './guide-edits.ts';

const t = ui.sizeGuide;

const focusLater = (elementId: string) =>
  requestAnimationFrame(() => document.getElementById(elementId)?.focus());

/**
 * A category's or product's size guide: made, edited cell by cell (columns and rows added and
 * removed), removed; checked by the contract before it is sent, and guarded against leaving unsaved.
 */
export const SizeGuideEditor = ({
  initial,
  hint,
  onSave,
}: {
  initial: SizeGuide | null;
  hint: string;
  onSave: (guide: SizeGuide | null) => Promise<PanelSizeGuide>;
}) => {
  const id = useId();
  const action = useAction();
  const guard = useUnsavedGuard();
  const [guide, setGuide] = useState(initial);
  const [saved, setSaved] = useState(initial);

  /** A change by a button: counted as unsaved, the messages of before cleared. */
  const change = (next: SizeGuide | null, focus?: string) => {
    guard.changed();
    setGuide(next);
    action.setFields({});
    if (focus) focusLater(focus);
  };

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (guide && !action.validate(SizeGuideSchema, guide)) return;
    void action.run(
      () => onSave(guide),
      guide ? t.saved : t.removed,
      (answer) => {
        guard.saved();
        setGuide(answer.TabelaRozmiarow);
        setSaved(answer.TabelaRozmiarow);
      },
    );
  };

  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="text-muted">
        {hint} {t.limits}
      </p>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      <form {...guard.watch} noValidate onSubmit={save} aria-labelledby={`${id}-title`} className="space-y-4">
        {guide ? (
          <>
            <GuideTable
              id={id}
              guide={guide}
              fields={action.fields}
              onHeading={(c, v) => setGuide(edit.setHeading(guide, c, v))}
              onCell={(r, c, v) => setGuide(edit.setCell(guide, r, c, v))}
              onRemoveColumn={(c) => change(edit.removeColumn(guide, c), `${id}-add-column`)}
              onRemoveRow={(r) => change(edit.removeRow(guide, r), `${id}-add-row`)}
            />
            <div className="flex flex-wrap gap-2">
              <button
                id={`${id}-add-row`}
                type="button"
                className="btn-secondary"
                disabled={guide.Wiersze.length >= SIZE_GUIDE_MAX_ROWS}
                onClick={() => change(edit.addRow(guide), `${id}-c-${guide.Wiersze.length}-0`)}
              >
                {t.addRow}
              </button>
              <button
                id={`${id}-add-column`}
                type="button"
                className="btn-secondary"
                disabled={guide.Kolumny.length >= SIZE_GUIDE_MAX_COLUMNS}
                onClick={() => change(edit.addColumn(guide), `${id}-h-${guide.Kolumny.length}`)}
              >
                {t.addColumn}
              </button>
              <button
                type="button"
                className="btn border border-danger bg-white text-danger"
                onClick={() => change(null, `${id}-create`)}
              >
                {t.removeTable}
              </button>
            </div>
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p>{t.none}</p>
            <button
              id={`${id}-create`}
              type="button"
              className="btn-secondary"
              onClick={() => change(edit.startGuide(t.firstColumns), `${id}-c-0-0`)}
            >
              {t.create}
            </button>
          </div>
        )}
        {(guide || saved) && (
          <button type="submit" className="btn-primary" aria-busy={action.busy}>
            {t.save}
          </button>
        )}
      </form>
    </section>
  );
};

/** The product form's own size guide (without one, the category's applies). */
export const ProductSizeGuide = ({
  productId,
  initial,
}: {
  productId: number;
  initial: SizeGuide | null;
}) => (
  <SizeGuideEditor
    initial={initial}
    hint={t.productHint}
    onSave={(guide) =>
      api.call('panelProductSizeGuideSave', { params: { id: productId }, body: { TabelaRozmiarow: guide } })
    }
  />
);
