// A Recent entry of the palette reads as the page it opens, never as its raw URL: a menu page by its menu title, a
// record page by its kind and number, its edit and add forms as their headings read.
import { describe, expect, it } from 'vitest';
import { recentCommands, recentUrlTitle } from '@commands/place-commands';
import { resourceByName } from '@domain/resource/registry';
import { routeFor } from '@domain/resource/define-resource';
import { fakeContext } from './fake-context';

describe('recent pages in the palette', () => {
  it('names a record page, its edit form and an add form by their page titles, not their URLs', () => {
    const bookings = resourceByName('bookings');
    const users = resourceByName('users');
    const booking = routeFor(bookings.detailPath, '98765');
    const user = routeFor(users.detailPath, '878d67f9-0c1e-4f4e-9d1a-2b6f1e0c9a77');
    const commands = recentCommands(fakeContext({ recentUrls: [booking, routeFor(bookings.editPath, '98765'), user, users.createPath!] }));
    expect(commands.map((c) => c.title)).toEqual(['Booking 98765', 'Edit booking 98765', 'User', 'Add user']);
    expect(commands.map((c) => c.href)).toEqual([booking, routeFor(bookings.editPath, '98765'), user, users.createPath]);
  });

  it('keeps a menu page by its menu title, and a path no page answers as it is', () => {
    expect(recentUrlTitle('/rfid-management/rfid-history')).toBe('RFID History');
    expect(recentUrlTitle('/nowhere/at-all')).toBe('/nowhere/at-all');
  });
});
