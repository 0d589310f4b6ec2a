import type { RankableEntry } from '@commands/rank';

const places = ['Koramangala', 'Indiranagar', 'Whitefield', 'Baner', 'Hinjewadi', 'Andheri', 'Powai', 'Salt Lake', 'Gachibowli', 'Anna Nagar', 'Sector 62', 'Vashi'];
const kinds = ['Charger', 'Location', 'Ticket', 'Host', 'Booking', 'Order', 'Invoice', 'Vendor'];
const groups = ['Charger Management', 'Ticket Management', 'User Management', 'Booking Management', 'Finance Management', 'Global Data Management'];
const words = ['mall', 'office', 'apartment', 'fast', 'slow', 'ac', 'dc', 'public', 'private', 'highway', 'hotel', 'hospital'];

/** `count` generated local entries (deterministic): "Charger CZ-00042 · Koramangala mall" and the like. */
export function benchEntries(count: number): RankableEntry[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[next() % kinds.length]!;
    const place = places[next() % places.length]!;
    const word = words[next() % words.length]!;
    return {
      title: `${kind} CZ-${String(i).padStart(5, '0')} · ${place} ${word}`,
      group: groups[next() % groups.length]!,
      keywords: [words[next() % words.length]!, place.toLowerCase()],
    };
  });
}
