/** A place in a `fifoGate`'s line: `ready` once admitted; `leave` when done, or to leave the line unserved. */
export interface GateTicket {
  ready: Promise<void>;
  leave(): void;
}

/**
 * Admits `atOnce` holders at a time, the others in arrival order (issue 25). Leaving passes the place
 * to the next in line; leaving while still waiting only leaves the line. `leave` is safe to call twice.
 */
export function fifoGate(atOnce: number) {
  const line: (() => void)[] = [];
  let admitted = 0;
  const passOn = () => {
    const next = line.shift();
    if (next) next();
    else admitted -= 1;
  };
  return {
    enter(): GateTicket {
      let state: 'waiting' | 'admitted' | 'gone' = 'waiting';
      let admit!: () => void;
      const ready = new Promise<void>((resolve) => {
        admit = () => {
          state = 'admitted';
          resolve();
        };
      });
      if (admitted < atOnce) {
        admitted += 1;
        admit();
      } else line.push(admit);
      return {
        ready,
        leave() {
          if (state === 'admitted') passOn();
          else if (state === 'waiting') line.splice(line.indexOf(admit), 1);
          state = 'gone';
        },
      };
    },
  };
}
