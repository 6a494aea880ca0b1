import type { User } from '@greencart/shared';
import { describe, expect, it, vi } from 'vitest';
import { session, type SessionEvent } from './session';

const shopper = { _id: 'u1', name: 'Asha', email: 'asha@example.com', cartItems: { p1: 2 } } as unknown as User;

/**
 * The cart subscribes to the session when its chunk arrives with the storefront's layout (decision 0182),
 * which may be after the start-up auth check or a sign-in: it must still hear what happened.
 */
describe("the session's sign-in events", () => {
  it('tells a listener that subscribes later the latest event, a login included, once', () => {
    const early = vi.fn<(event: SessionEvent) => void>();
    session.onEvent(early);
    session.signIn(shopper, true);
    expect(early).toHaveBeenCalledTimes(1);

    const late = vi.fn<(event: SessionEvent) => void>();
    session.onEvent(late);
    expect(late).toHaveBeenCalledExactlyOnceWith({ type: 'signed-in', user: shopper, fromLogin: true });
    expect(early).toHaveBeenCalledTimes(1);

    session.signOut();
    const afterSignOut = vi.fn<(event: SessionEvent) => void>();
    session.onEvent(afterSignOut);
    expect(afterSignOut).toHaveBeenCalledExactlyOnceWith({ type: 'signed-out' });
    expect(late).toHaveBeenCalledTimes(2);
  });
});
