import {
  createContext,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ui } from '../texts.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const t = ui.unsaved;

type Registry = {
  mark: (key: string, dirty: boolean) => void;
  isDirty: (key: string) => boolean;
  /** Opens the question; `proceed` runs after "Porzuć zmiany". */
  ask: (proceed: () => void) => void;
};
const GuardContext = createContext<Registry | null>(null);

/**
 * The one blocker of the signed-in frame (react-router allows one at a time): while any guarded
 * form has unsaved changes, leaving the screen asks first, and a reload or closed tab gets the
 * browser's own question (beforeunload). The dirty forms live in a ref, so a save followed at once
 * by a navigation (a created product opens its own screen) is not stopped by a stale render.
 */
export const UnsavedGuardProvider = ({ children }: { children: ReactNode }) => {
  const dirty = useRef(new Set<string>());
  // A switch inside the screen (another slide, another menu item) waiting for the answer.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation: from, nextLocation: to }) =>
        dirty.current.size > 0 && (from.pathname !== to.pathname || from.search !== to.search),
      [],
    ),
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!dirty.current.size) return;
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const registry = useMemo<Registry>(
    () => ({
      mark: (key, on) => void (on ? dirty.current.add(key) : dirty.current.delete(key)),
      isDirty: (key) => dirty.current.has(key),
      ask: (proceed) => setPending(() => proceed),
    }),
    [],
  );
  const leaving = blocker.state === 'blocked';
  return (
    <GuardContext value={registry}>
      {children}
      <ConfirmDialog
        open={leaving || pending !== null}
        title={t.title}
        confirmLabel={leaving ? t.leave : t.discard}
        cancelLabel={t.stay}
        onConfirm={() => {
          if (leaving) {
            dirty.current.clear();
            blocker.proceed?.();
            return;
          }
          setPending(null);
          pending?.();
        }}
        onCancel={() => (leaving ? blocker.reset?.() : setPending(null))}
      >
        <p>{leaving ? t.text : t.switchText}</p>
      </ConfirmDialog>
    </GuardContext>
  );
};

/**
 * Guards a form that edits data: spread `watch` on the <form> or an element around it (any typing
 * or choice in a form marks it unsaved, a form's reset marks it saved) and call `saved()` when the
 * save succeeded. A guarded element that unmounts (its row closed, the screen left) stops counting.
 */
export const useUnsavedGuard = () => {
  const registry = useContext(GuardContext);
  const key = useId();
  useEffect(() => () => registry?.mark(key, false), [registry, key]);
  return useMemo(() => {
    // Only a form's fields count: a screen may also hold fields that save at once (photos).
    const mark = (e: SyntheticEvent) => {
      const form = (e.target as Element).closest?.('form');
      // A search form (method="get") only filters a list; the property defaults to 'get', the attribute does not.
      if (form && form.getAttribute('method')?.toLowerCase() !== 'get') registry?.mark(key, true);
    };
    const saved = () => registry?.mark(key, false);
    /** `then` (a save's follow-up, e.g. opening the created record) after the form counts as saved. */
    const savedThen =
      <T,>(then: (result: T) => void) =>
      (result: T) => {
        saved();
        then(result);
      };
    return {
      watch: { onInput: mark, onChange: mark, onReset: saved },
      saved,
      savedThen,
      /** A change made without typing (a row added by a button) counts too. */
      changed: () => registry?.mark(key, true),
      isDirty: () => registry?.isDirty(key) ?? false,
    };
  }, [registry, key]);
};

export type UnsavedGuard = ReturnType<typeof useUnsavedGuard>;

/**
 * For a switch that replaces a guarded form's content without leaving the screen (another slide or
 * menu item opened in the same editor): `ask(guards, next)` runs `next` at once when none of
 * `guards` has unsaved changes, otherwise after the same question as on leaving ("Porzuć zmiany"
 * drops them; "Zostań" and Escape keep them and do nothing).
 */
export const useAskBeforeDiscard = () => {
  const registry = useContext(GuardContext);
  return useCallback(
    (guards: UnsavedGuard[], next: () => void) => {
      const proceed = () => {
        for (const g of guards) g.saved();
        next();
      };
      if (registry && guards.some((g) => g.isDirty())) registry.ask(proceed);
      else proceed();
    },
    [registry],
  );
};
