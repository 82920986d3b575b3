import { useId, useRef, useState } from 'react';
import { linkHref } from '../lib/link-href.ts';
import { ui } from '../texts.ts';
import { EditorPanel } from './EditorPanel.tsx';

const t = ui.editor;

/**
 * The link button's panel: the address (http(s), mailto: or a path in the shop), then insert or
 * change it, or remove the link the caret is in. Like the image panel it lives inside the page's
 * form: Enter applies the link instead of submitting the form, Escape closes the panel.
 */
export const LinkPanel = ({
  id,
  current,
  onApply,
  onRemove,
  onClose,
}: {
  id: string;
  /** The address of the link the caret is in; undefined: no link there. */
  current: string | undefined;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) => {
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const apply = () => {
    const href = linkHref(input.current?.value ?? '');
    if (!href) {
      setError(t.linkInvalid);
      input.current?.focus();
      return;
    }
    onApply(href);
  };

  return (
    <EditorPanel id={id} title={t.linkTitle} onClose={onClose}>
      <div className="clear-left">
        <label htmlFor={`${id}-url`} className="mb-1 block font-semibold">
          {t.linkUrl}
        </label>
        <input
          ref={input}
          id={`${id}-url`}
          type="text"
          inputMode="url"
          defaultValue={current ?? ''}
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${id}-error` : hintId}
          // The panel opens on the user's click: its field takes the focus.
          // biome-ignore lint/a11y/noAutofocus: see above
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          className="field"
        />
        <p id={hintId} className="mt-1 text-sm text-muted">
          {t.linkUrlHint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={apply}>
          {current === undefined ? t.linkApply : t.linkUpdate}
        </button>
        {current !== undefined && (
          <button type="button" className="btn border border-danger bg-white text-danger" onClick={onRemove}>
            {t.linkRemove}
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t.linkCancel}
        </button>
      </div>
    </EditorPanel>
  );
};
