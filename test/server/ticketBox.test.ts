import { describe, expect, it } from 'vitest';
import { createTicketBox } from '../../src/main/system/createTicketBox';

function boxWithClock(maxHeld = 4) {
  const clock = { at: 1_000 };
  const box = createTicketBox<string>({ lifetimeMs: 60_000, maxHeld, now: () => clock.at });
  return { box, clock };
}

describe('single-use, short-lived tickets', () => {
  it('issues unguessable tickets: over 192 random bits each, never the same twice', () => {
    const { box } = boxWithClock(1_000);
    const tickets = new Set(Array.from({ length: 500 }, (_, index) => box.issue(`value ${index}`)));
    expect(tickets.size).toBe(500);
    for (const ticket of tickets) expect(ticket).toMatch(/^[A-Za-z0-9_-]{36}$/);
  });

  it('redeems a ticket once, for its own value', () => {
    const { box } = boxWithClock();
    const first = box.issue('first');
    const second = box.issue('second');
    expect(box.take(second)).toBe('second');
    expect(box.take(second)).toBeUndefined();
    expect(box.take(first)).toBe('first');
    expect(box.take(first)).toBeUndefined();
    expect(box.held()).toBe(0);
  });

  it('lets a ticket go when its lifetime is over, and not a moment before', () => {
    const { box, clock } = boxWithClock();
    const early = box.issue('early');
    const late = box.issue('late');
    clock.at += 59_999;
    expect(box.take(early)).toBe('early');
    clock.at += 1;
    expect(box.take(late)).toBeUndefined();
    expect(box.held()).toBe(0);
  });

  it('finds nothing for anything but a ticket it issued', () => {
    const { box } = boxWithClock();
    const ticket = box.issue('value');
    for (const attempt of [
      undefined,
      null,
      42,
      { ticket },
      [ticket],
      '',
      `${ticket} `,
      ticket.slice(0, -1),
      `${ticket}A`,
      '../../etc/passwd',
      'A'.repeat(1_000_000),
    ]) {
      expect(box.take(attempt)).toBeUndefined();
    }
    expect(box.take(ticket)).toBe('value');
  });

  it('holds at most maxHeld tickets, and makes room as they expire or are used', () => {
    const { box, clock } = boxWithClock(2);
    const first = box.issue('a');
    box.issue('b');
    expect(() => box.issue('c')).toThrow(/2 tickets are waiting already/);
    box.take(first);
    box.issue('c');
    expect(() => box.issue('d')).toThrow(/waiting already/);
    clock.at += 60_000;
    expect(box.held()).toBe(0);
    box.issue('d');
    expect(box.held()).toBe(1);
  });

  it('draws again a ticket its caller cannot use, and gives up plainly after a few draws', () => {
    const { box } = boxWithClock(1_000);
    const startsWithLetter = (ticket: string) => /^[A-Za-z]/.test(ticket);
    for (let index = 0; index < 20; index++)
      expect(box.issue(`v${index}`, startsWithLetter)).toMatch(/^[A-Za-z]/);
    let looked = 0;
    const fourth = box.issue('fourth', () => ++looked > 3);
    expect(looked).toBe(4);
    expect(box.take(fourth)).toBe('fourth');
    const held = box.held();
    expect(() => box.issue('never', () => false)).toThrow(/no usable ticket in 16 draws/);
    expect(box.held()).toBe(held);
  });
});
