import { describe, expect, it } from 'vitest';
import { coalescedMarks } from './mail-sender.js';

/** A `mark` that records each call and ends it only when the test says so. */
function heldMarks() {
  const calls: { ids: number[]; end: (err?: Error) => void }[] = [];
  const mark = (ids: number[]) => new Promise<void>((resolve, reject) => calls.push({ ids, end: (err) => (err ? reject(err) : resolve()) }));
  return { calls, mark };
}

const settled = (promise: Promise<void>) => {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (err: unknown) => ((state.done = true), (state.error = err)),
  );
  return state;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('marking mails sent (docs/decisions/0103, 0189)', () => {
  it('marks the first mail at once and the mails that went meanwhile in one more statement, each resolved with its own mark', async () => {
    const { calls, mark } = heldMarks();
    const markSent = coalescedMarks(mark);
    const first = settled(markSent(1));
    expect(calls.map((c) => c.ids)).toEqual([[1]]);

    const others = [2, 3, 4].map((id) => settled(markSent(id)));
    await tick();
    expect(calls).toHaveLength(1);

    calls[0]!.end();
    await tick();
    expect(first.done).toBe(true);
    expect(others.some((o) => o.done)).toBe(false);
    expect(calls.map((c) => c.ids)).toEqual([[1], [2, 3, 4]]);

    calls[1]!.end();
    await tick();
    expect(others.every((o) => o.done && o.error === undefined)).toBe(true);

    // Nothing under way: the next mail is marked at once again.
    void markSent(5);
    expect(calls.map((c) => c.ids)).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails every mail of a statement that failed, and marks the next ones afresh', async () => {
    const { calls, mark } = heldMarks();
    const markSent = coalescedMarks(mark);
    const first = settled(markSent(1));
    const second = settled(markSent(2));
    calls[0]!.end();
    await tick();
    calls[1]!.end(new Error('connection lost'));
    await tick();
    expect(first).toEqual({ done: true, error: undefined });
    expect(second.error).toEqual(new Error('connection lost'));

    const third = settled(markSent(3));
    calls[2]!.end();
    await tick();
    expect(calls.map((c) => c.ids)).toEqual([[1], [2], [3]]);
    expect(third).toEqual({ done: true, error: undefined });
  });
});
