import { type ReactNode, useId } from 'react';
import { ui } from '../texts.ts';
import { useModalDialog } from './useModalDialog.ts';

/**
 * A modal question before something that cannot be undone (delete, anonymise). The native
 * <dialog> traps the focus and closes on Escape; the focus goes back to where it was.
 */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = ui.dialog.cancel,
  onConfirm,
  onCancel,
  danger = true,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** false: the confirm button is the primary one (not a deletion, e.g. sending an e-mail). */
  danger?: boolean;
}) => {
  const ref = useModalDialog(open);
  const id = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-text` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg bg-white p-5 text-ink shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children && (
        <div id={`${id}-text`} className="mt-3 space-y-2">
          {children}
        </div>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'btn border border-danger bg-danger text-white' : 'btn-primary'}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
};
