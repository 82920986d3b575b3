import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modal while `open`: opened with showModal (the browser traps the focus),
 * closed with the focus back on what opened it, if that is still on the page.
 */
export const useModalDialog = (open: boolean) => {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  }, [open]);
  return ref;
};
