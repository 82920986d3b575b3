import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ui } from '../texts.ts';

const t = ui.editor;

type Props = { labelId: string; describedBy?: string; value: string; onChange: (html: string) => void };

/**
 * The product's rich description (OpisDodatkowy): TipTap with a keyboard-usable toolbar. Its HTML
 * is sanitised on the server; here it is only edited. No injected <style>: the panel's CSP allows
 * only its own style sheet (app.css carries ProseMirror's few rules).
 */
export const RichTextEditor = ({ labelId, describedBy, value, onChange }: Props) => {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } })],
    content: value,
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy && { 'aria-describedby': describedBy }),
        class: 'rich-text min-h-40 px-3 py-2',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  const buttons = [
    { label: t.bold, text: 'B', active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    {
      label: t.italic,
      text: 'I',
      active: state?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      label: t.heading2,
      text: 'H2',
      active: state?.h2,
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: t.heading3,
      text: 'H3',
      active: state?.h3,
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: t.bulletList,
      text: '• —',
      active: state?.bullet,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      label: t.orderedList,
      text: '1.',
      active: state?.ordered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ];
  return (
    <div className="rounded-md border border-gray-500 bg-white">
      <div
        role="toolbar"
        aria-label={t.toolbar}
        className="flex flex-wrap gap-1 border-b border-gray-300 p-1"
      >
        {buttons.map((b) => (
          <button
            key={b.label}
            type="button"
            aria-label={b.label}
            title={b.label}
            aria-pressed={b.active ?? false}
            onClick={b.run}
            className={`min-h-10 min-w-10 rounded px-2 font-semibold ${
              b.active ? 'bg-primary text-white' : 'text-ink hover:bg-gray-100'
            }`}
          >
            <span aria-hidden="true">{b.text}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
};
