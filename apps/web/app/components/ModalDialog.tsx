import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { shopUi } from '../texts/shop.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  open: boolean;
  onClose(): void;
  /** The heading's id (the dialog's name) and, optionally, the text that describes it. */
  titleId: string;
  describedBy?: string;
  /** Gets the focus when the dialog opens; default: its close button. */
  firstFocus?: RefObject<HTMLElement | null>;
  /** Gets the focus back when the dialog closes (the button that opened it). */
  returnFocus: RefObject<HTMLElement | null>;
  /** The width on larger screens (Tailwind max-w-*). */
  width?: string;
  children: ReactNode;
};

/**
 * A native modal <dialog> (the page behind is inert) with a close button in its corner: the focus
 * goes in when it opens, stays inside (Tab wraps), and goes back to `returnFocus` when it closes;
 * Escape, the close button or a click on the backdrop close it through the caller's state.
 */
export function ModalDialog({
  open,
  onClose,
  titleId,
  describedBy,
  firstFocus,
  returnFocus,
  width = 'max-w-lg',
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      (firstFocus ?? closeRef).current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
    }
  }, [open, firstFocus, returnFocus]);

  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={trapTab}
      onCancel={(e) => {
        // Esc: close through the state, so focus goes back where it belongs.
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/60`}
    >
      <div className="relative p-5 sm:p-6">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={shopUi.close}
          className="absolute right-3 top-3 grid size-10 place-items-center rounded-full text-2xl leading-none text-muted hover:bg-gray-100"
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </dialog>
  );
}
