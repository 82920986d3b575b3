import { describe, expect, it } from 'vitest';
import { ChangeBus, type ChangeEvent, parseChange } from './bus.ts';

const quietLog = () => {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_o: object, m: string) => void warnings.push(m) } };
};

describe('parseChange', () => {
  it('accepts what notifyChange sends and nothing else', () => {
    expect(parseChange('{"organisationId":7,"topic":"content"}')).toEqual({
      organisationId: 7,
      topic: 'content',
    });
    for (const bad of [
      '',
      'x',
      'null',
      '{"organisationId":"7","topic":"content"}',
      '{"organisationId":1.5,"topic":"content"}',
      '{"organisationId":1,"topic":"other"}',
    ])
      expect(parseChange(bad)).toBeUndefined();
  });
});

describe('ChangeBus', () => {
  it("delivers by topic, '*' hears all, 'all' reaches every subscriber once, unsubscribe stops", () => {
    const { log, warnings } = quietLog();
    const bus = new ChangeBus(log);
    const content: ChangeEvent[] = [];
    const any: ChangeEvent[] = [];
    const both: ChangeEvent[] = [];
    const stop = bus.subscribe('content', (e) => content.push(e));
    bus.subscribe('*', (e) => any.push(e));
    const twice = (e: ChangeEvent) => both.push(e);
    bus.subscribe('settings', twice);
    bus.subscribe('payments', twice);

    bus.receive('{"organisationId":1,"topic":"content"}');
    bus.receive('{"organisationId":1,"topic":"settings"}');
    bus.receive('garbage');
    bus.deliver('all');
    stop();
    bus.receive('{"organisationId":2,"topic":"content"}');

    expect(content).toEqual([{ organisationId: 1, topic: 'content' }, 'all']);
    expect(both).toEqual([{ organisationId: 1, topic: 'settings' }, 'all']);
    expect(any).toHaveLength(4);
    expect(warnings).toEqual(['changes: a notice that is not a change, ignored']);
  });

  it('a throwing subscriber is logged and the others still hear the change', () => {
    const { log, warnings } = quietLog();
    const bus = new ChangeBus(log);
    const heard: ChangeEvent[] = [];
    bus.subscribe('content', () => {
      throw new Error('bug');
    });
    bus.subscribe('content', (e) => heard.push(e));
    bus.deliver({ organisationId: 3, topic: 'content' });
    expect(heard).toHaveLength(1);
    expect(warnings).toEqual(['changes: a subscriber failed']);
  });
});
