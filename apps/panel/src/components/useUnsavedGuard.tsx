import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ui } from '../texts.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const t = ui.unsaved;

type Registry = { mark: (key: string, dirty: boolean) => void };
const GuardContext = createContext<Registry | null>(null);

/**
 * The one blocker of the signed-in frame (react-router allows one at a time): while any guarded
 * form has unsaved changes, leaving the screen asks first, and a reload or closed tab gets the
 * browser's own question (beforeunload). The dirty forms live in a ref, so a save followed at once
 * by a navigation (a created product opens its own screen) is not stopped by a stale render.
 */
export const UnsavedGuardProvider = ({ children }: { children: ReactNode }) => {
  const dirty = useRef(new Set<string>());
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
    () => ({ mark: (key, on) => void (on ? dirty.current.add(key) : dirty.current.delete(key)) }),
    [],
  );
  return (
    <GuardContext value={registry}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t.title}
        confirmLabel={t.leave}
        cancelLabel={t.stay}
        onConfirm={() => {
          dirty.current.clear();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      >
        <p>{t.text}</p>
      </ConfirmDialog>
    </GuardContext>
  );
};

/**
 * Guards a form that edits data: spread `watch` on the <form> (any typing or choice marks it
 * unsaved, its reset marks it saved) and call `saved()` when the save succeeded. A form that
 * unmounts (its row closed, the screen left) stops counting.
 */
export const useUnsavedGuard = () => {
  const registry = useContext(GuardContext);
  const key = useId();
  useEffect(() => () => registry?.mark(key, false), [registry, key]);
  return useMemo(() => {
    const mark = () => registry?.mark(key, true);
    const saved = () => registry?.mark(key, false);
    return { watch: { onInput: mark, onChange: mark, onReset: saved }, saved };
  }, [registry, key]);
};
