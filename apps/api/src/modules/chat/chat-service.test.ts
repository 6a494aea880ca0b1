import { describe, expect, it } from 'vitest';
import { normalizeHistory } from './chat-service.js';

describe('normalizeHistory (the browser turns that follow the seeded history)', () => {
  it('keeps a well-formed conversation as it is, trimmed', () => {
    expect(normalizeHistory([{ role: 'user', text: ' Hi ' }, { role: 'model', text: 'Hello' }])).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'model', text: 'Hello' },
    ]);
  });

  it('drops a user turn that got no answer and model turns out of place, so turns alternate', () => {
    expect(
      normalizeHistory([
        { role: 'model', text: 'stray' },
        { role: 'user', text: 'failed question' },
        { role: 'user', text: 'asked again' },
        { role: 'model', text: 'answer' },
        { role: 'model', text: 'second answer' },
        { role: 'user', text: 'unanswered' },
      ]),
    ).toEqual([
      { role: 'user', text: 'asked again' },
      { role: 'model', text: 'answer' },
    ]);
  });
});
