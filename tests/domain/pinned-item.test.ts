import { describe, expect, it } from 'vitest';
import { addPin, dedupePins, MAX_PINNED_ITEMS, pinnedItemSchema, pinnedItemsSchema, removePin, type PinnedItem } from '@domain/pinned-item';

const users: PinnedItem = { id: 'user-management.users', title: 'All Users', redirect: '/user-management' };
const city: PinnedItem = { id: 'global-data.city', title: 'All City', redirect: '/global-data-management/city' };

describe('addPin', () => {
  it('appends a new pin without changing the input list', () => {
    const before = [users];
    const after = addPin(before, city);
    expect(after).toEqual([users, city]);
    expect(before).toEqual([users]);
  });

  it('never duplicates a pin by id', () => {
    const after = addPin([users, city], { ...users, title: 'Renamed' });
    expect(after).toEqual([users, city]);
  });
});

describe('removePin', () => {
  it('removes the pin with the id and leaves the rest', () => {
    expect(removePin([users, city], users.id)).toEqual([city]);
    expect(removePin([users], 'unknown')).toEqual([users]);
  });
});

describe('dedupePins', () => {
  it('keeps the first pin of each id, in order', () => {
    const second = { ...users, title: 'Second copy' };
    expect(dedupePins([users, city, second])).toEqual([users, city]);
  });
});

describe('pinned item schemas', () => {
  it('accept a valid pin and refuse bad ones', () => {
    expect(pinnedItemSchema.safeParse(users).success).toBe(true);
    expect(pinnedItemSchema.safeParse({ ...users, id: '' }).success).toBe(false);
    expect(pinnedItemSchema.safeParse({ ...users, redirect: 'https://evil.example' }).success).toBe(false);
    expect(pinnedItemSchema.safeParse({ id: 'x', title: 'X' }).success).toBe(false);
  });

  it('cap the stored list', () => {
    const many = Array.from({ length: MAX_PINNED_ITEMS + 1 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, redirect: `/p${i}` }));
    expect(pinnedItemsSchema.safeParse(many.slice(0, MAX_PINNED_ITEMS)).success).toBe(true);
    expect(pinnedItemsSchema.safeParse(many).success).toBe(false);
  });
});

describe('pinnedItemSchema redirect', () => {
  it.each([['//evil.example'], ['/\\evil.example'], ['https://evil.example'], ['relative/path']])('refuses %j', (redirect) => {
    expect(pinnedItemSchema.safeParse({ id: 'x', title: 'X', redirect }).success).toBe(false);
  });
  it('accepts a path inside the console', () => {
    expect(pinnedItemSchema.safeParse({ id: 'x', title: 'X', redirect: '/zone-management/risk-zone?page=2' }).success).toBe(true);
  });
});
