import { describe, expect, it } from 'vitest';
import { fifoGate } from './fifo-gate.js';

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('fifoGate', () => {
  it('admits as many as it holds, then the others in arrival order as places are left', async () => {
    const gate = fifoGate(2);
    const admitted: number[] = [];
    const tickets = Array.from({ length: 5 }, (_, n) => {
      const ticket = gate.enter();
      void ticket.ready.then(() => admitted.push(n));
      return ticket;
    });
    await settled();
    expect(admitted).toEqual([0, 1]);
    tickets[1]!.leave();
    await settled();
    expect(admitted).toEqual([0, 1, 2]);
    tickets[0]!.leave();
    tickets[2]!.leave();
    await settled();
    expect(admitted).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets one who leaves while waiting out of the line without taking or losing a place, and a second leave changes nothing', async () => {
    const gate = fifoGate(1);
    const first = gate.enter();
    const quitter = gate.enter();
    const next = gate.enter();
    let nextIn = false;
    void next.ready.then(() => (nextIn = true));
    quitter.leave();
    quitter.leave();
    first.leave();
    first.leave();
    await settled();
    expect(nextIn).toBe(true);
    // One place, held by `next`: a newcomer waits until it is left.
    let newcomerIn = false;
    void gate.enter().ready.then(() => (newcomerIn = true));
    await settled();
    expect(newcomerIn).toBe(false);
    next.leave();
    await settled();
    expect(newcomerIn).toBe(true);
  });
});
