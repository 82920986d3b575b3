import Image from '@tiptap/extension-image';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { type CommandProps, EditorContent, Node, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { linkHref } from '../lib/link-href.ts';
import type { UploadError } from '../lib/upload.ts';
import { ui } from '../texts.ts';
import { EditorPanel } from './EditorPanel.tsx';
import { LinkPanel } from './LinkPanel.tsx';
import { UploadProgress } from './UploadProgress.tsx';

const t = ui.editor;

/** Uploads an image for the text (with progress) and answers with its address; rejects with an UploadError. */
export type ImageUploader = (file: File, onProgress: (percent: number) => void) => Promise<{ Url: string }>;

type Props = {
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  /** The toolbar's name (default: the product description's). */
  toolbarLabel?: string;
  /** Given: the toolbar gets an image button that uploads through it and inserts the image. */
  uploadImage?: ImageUploader;
};

/**
 * A `<div>` block kept as it is: the contact page lays the blocks of 'kontakt-dane' out as cards,
 * and without this node the editor would unwrap them on the first save.
 */
const DivBlock = Node.create({
  name: 'divBlock',
  group: 'block',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: 'div' }],
  renderHTML: ({ HTMLAttributes }) => ['div', HTMLAttributes, 0],
});

/**
 * After an image is inserted TipTap selects it, and the next key typed would replace it: the caret
 * goes into the paragraph after the image instead (a new one when the image ends the text).
 */
const caretAfterImage = ({ tr }: CommandProps) => {
  if (!(tr.selection instanceof NodeSelection)) return true;
  const after = tr.selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock)
    tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
};

/**
 * Links: only the addresses the panel's link field accepts (http(s), mailto:, a path in the shop),
 * pasted or typed alike (and tel: already in a text); opened in the same tab (the sanitiser adds rel for a new one).
 */
const LINK_OPTIONS = {
  openOnClick: false,
  autolink: false,
  defaultProtocol: 'https',
  // tel: too, as the sanitiser allows it: the contact page's phone links must survive an edit.
  isAllowedUri: (url: string) => linkHref(url) === url || /^tel:\+?[\d\s()-]+$/i.test(url),
  HTMLAttributes: { target: null, rel: null, class: null },
} as const;

const ImageIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="inline">
    <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
    <circle cx="9" cy="10" r="2" fill="currentColor" />
    <path d="M4 18l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

/**
 * Rich text (a product's OpisDodatkowy, a sub-page's Tresc): TipTap with a keyboard-usable toolbar
 * (WAI-ARIA toolbar pattern: one Tab stop, arrows, Home and End move between its buttons). Its HTML
 * is sanitised on the server; here it is only edited. No injected <style>: the panel's CSP allows
 * only its own style sheet (app.css carries ProseMirror's few rules).
 */
export const RichTextEditor = ({
  labelId,
  describedBy,
  value,
  onChange,
  toolbarLabel = t.toolbar,
  uploadImage,
}: Props) => {
  const editorId = useId();
  const imageId = useId();
  const linkId = useId();
  const [imageOpen, setImageOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: LINK_OPTIONS, heading: { levels: [2, 3] } }),
      DivBlock,
      // Only addresses from the upload (or pasted ones): base64 images would bloat the page.
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    injectCSS: false,
    editorProps: {
      attributes: {
        id: editorId,
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
      link: e?.isActive('link') ? String(e.getAttributes('link').href ?? '') : undefined,
    }),
  });
  const buttons: {
    label: string;
    text: ReactNode;
    style?: string;
    keys?: string;
    active?: boolean;
    /** A button that opens a panel (aria-expanded) instead of a switch (aria-pressed). */
    opens?: string;
    run: () => unknown;
  }[] = [
    {
      label: t.bold,
      text: 'B',
      keys: 'Control+B',
      active: state?.bold,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      label: t.italic,
      text: 'I',
      style: 'italic',
      keys: 'Control+I',
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
    {
      label: t.link,
      text: t.linkShort,
      style: 'underline',
      opens: linkId,
      active: linkOpen,
      run: () => setLinkOpen((v) => !v),
    },
    ...(uploadImage
      ? [
          {
            label: t.image,
            text: (
              <>
                <ImageIcon /> {t.imageShort}
              </>
            ),
            opens: imageId,
            active: imageOpen,
            run: () => setImageOpen((v) => !v),
          },
        ]
      : []),
  ];
  // Roving tabindex: only the last used button is in the Tab order; Shift+Tab from the text comes back to it.
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const moveTo = (index: number) => {
    const next = (index + buttons.length) % buttons.length;
    setCurrent(next);
    refs.current[next]?.focus();
  };
  const onToolbarKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: buttons.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    moveTo(to);
  };
  return (
    <div className="rounded-md border border-gray-500 bg-white">
      <div
        role="toolbar"
        aria-label={toolbarLabel}
        aria-controls={editorId}
        onKeyDown={onToolbarKey}
        className="flex flex-wrap gap-1 border-b border-gray-300 p-1"
      >
        {buttons.map((b, i) => (
          <button
            key={b.label}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            tabIndex={i === current ? 0 : -1}
            aria-label={b.label}
            aria-keyshortcuts={b.keys}
            title={b.label}
            {...(b.opens
              ? { 'aria-expanded': b.active ?? false, 'aria-controls': b.opens }
              : { 'aria-pressed': b.active ?? false })}
            onFocus={() => setCurrent(i)}
            // A click keeps the focus in the text: TipTap's focus() comes back only on the next
            // animation frame, and what is typed before it would go to the button.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setCurrent(i);
              b.run();
            }}
            className={`min-h-10 min-w-10 rounded px-2 font-semibold ${
              b.active ? 'bg-primary text-white' : 'text-ink hover:bg-gray-100'
            }`}
          >
            <span aria-hidden="true" className={b.style}>
              {b.text}
            </span>
          </button>
        ))}
      </div>
      {linkOpen && (
        <LinkPanel
          id={linkId}
          current={state?.link}
          onApply={(href) => {
            setLinkOpen(false);
            const chain = editor?.chain().focus().extendMarkRange('link');
            // Nothing selected outside a link: the address itself becomes the link's text.
            if (editor?.state.selection.empty && !state?.link)
              chain
                ?.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            else chain?.setLink({ href }).run();
          }}
          onRemove={() => {
            setLinkOpen(false);
            editor?.chain().focus().extendMarkRange('link').unsetLink().run();
          }}
          onClose={() => {
            setLinkOpen(false);
            refs.current[current]?.focus();
          }}
        />
      )}
      {uploadImage && imageOpen && (
        <ImagePanel
          id={imageId}
          upload={uploadImage}
          onInsert={(src, alt) => {
            setImageOpen(false);
            editor?.chain().focus().setImage({ src, alt }).command(caretAfterImage).run();
          }}
          onClose={() => {
            setImageOpen(false);
            refs.current[current]?.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
};

/**
 * The image button's panel: a file, its text alternative, the upload's progress. It lives inside
 * the page's form, so Enter in its field inserts the image instead of submitting the form.
 */
const ImagePanel = ({
  id,
  upload,
  onInsert,
  onClose,
}: {
  id: string;
  upload: ImageUploader;
  onInsert: (src: string, alt: string) => void;
  onClose: () => void;
}) => {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const alt = useRef<HTMLInputElement>(null);

  const send = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setError(t.imageChoose);
      file.current?.focus();
      return;
    }
    if (progress !== null) return;
    setError('');
    setProgress(0);
    try {
      const image = await upload(chosen, setProgress);
      onInsert(image.Url, alt.current?.value.trim() ?? '');
    } catch (e) {
      setError((e as UploadError | undefined)?.message ?? t.imageFailed);
      setProgress(null);
    }
  };

  return (
    <EditorPanel id={id} title={t.imageTitle} onClose={onClose}>
      <div className="clear-left">
        <label htmlFor={`${id}-file`} className="mb-1 block font-semibold">
          {t.imageFile}
        </label>
        <input
          ref={file}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${id}-file-hint`}
          // The panel opens on the user's click: its first field takes the focus.
          // biome-ignore lint/a11y/noAutofocus: see above
          autoFocus
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-primary file:bg-white file:px-3 file:py-2 file:font-semibold file:text-primary"
        />
        <p id={`${id}-file-hint`} className="mt-1 text-sm text-muted">
          {t.imageFileHint}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="mb-1 block font-semibold">
          {t.imageAlt}
        </label>
        <input
          ref={alt}
          id={`${id}-alt`}
          maxLength={200}
          aria-describedby={`${id}-alt-hint`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void send();
            }
          }}
          className="field"
        />
        <p id={`${id}-alt-hint`} className="mt-1 text-sm text-muted">
          {t.imageAltHint}
        </p>
      </div>
      <UploadProgress progress={progress} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={send} disabled={progress !== null}>
          {t.imageInsert}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t.imageCancel}
        </button>
      </div>
    </EditorPanel>
  );
};
