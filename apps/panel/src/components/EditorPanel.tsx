import type { ReactNode } from 'react';

/**
 * A panel the rich-text editor's toolbar opens under itself (a link, an image): a titled group
 * whose Escape, anywhere inside, closes it as its cancel button does.
 */
export const EditorPanel = ({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) => (
  <fieldset
    id={id}
    className="space-y-3 border-b border-gray-300 bg-gray-50 p-3"
    onKeyDown={(e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    }}
  >
    {/* Floated: a plain legend sits on the fieldset's top edge, outside its background. */}
    <legend className="float-left w-full font-semibold">{title}</legend>
    {children}
  </fieldset>
);
