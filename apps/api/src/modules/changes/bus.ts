import { CHANGE_TOPICS, type Change, type ChangeTopic } from './notify.ts';

/**
 * What a subscriber hears: one club's topic changed, or `'all'`: anything of any club may have
 * changed (the listener reconnected and notices sent meanwhile are lost), so drop everything.
 */
export type ChangeEvent = Change | 'all';
export type ChangeHandler = (event: ChangeEvent) => void;

type Log = { warn(obj: object, msg: string): void };

/** The payload `notifyChange` sends, or undefined when it is not one (logged, then ignored). */
export const parseChange = (payload: string): Change | undefined => {
  try {
    const v = JSON.parse(payload) as Partial<Change> | null;
    if (
      v &&
      Number.isInteger(v.organisationId) &&
      typeof v.topic === 'string' &&
      (CHANGE_TOPICS as readonly string[]).includes(v.topic)
    )
      return { organisationId: v.organisationId as number, topic: v.topic as ChangeTopic };
  } catch {}
  return undefined;
};

/** Subscribers by topic ('*' hears every topic); a failing subscriber does not stop the others. */
export class ChangeBus {
  private readonly handlers = new Map<ChangeTopic | '*', Set<ChangeHandler>>();

  constructor(private readonly log: Log) {}

  /** `handler` hears changes of `topic` (or of all topics) and every `'all'`; returns the unsubscribe. */
  subscribe(topic: ChangeTopic | '*', handler: ChangeHandler): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
    return () => void set.delete(handler);
  }

  /** A raw notice from the channel. */
  receive(payload: string) {
    const change = parseChange(payload);
    if (!change) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'changes: a notice that is not a change, ignored');
      return;
    }
    this.deliver(change);
  }

  deliver(event: ChangeEvent) {
    const targets =
      event === 'all'
        ? [...this.handlers.values()].flatMap((s) => [...s])
        : [...(this.handlers.get(event.topic) ?? []), ...(this.handlers.get('*') ?? [])];
    for (const handler of new Set(targets)) {
      try {
        handler(event);
      } catch (err) {
        this.log.warn({ err }, 'changes: a subscriber failed');
      }
    }
  }
}
