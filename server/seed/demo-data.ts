// Shared demo-data vocabulary for the seed steps: Indian names, localities, deterministic picks.
// Bulk steps generate rows in SQL (generate_series) so 100k+ rows seed in seconds on PGlite; the SQL helpers
// here make those rows deterministic (a hash of the row number, never random()).
import { sql, type SQL } from 'drizzle-orm';

export const firstNames = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Shaurya', 'Atharv',
  'Rohan', 'Karthik', 'Rahul', 'Siddharth', 'Manish', 'Suresh', 'Ramesh', 'Venkatesh', 'Pranav', 'Nikhil', 'Harish', 'Deepak',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Pari', 'Anika', 'Navya', 'Myra', 'Sara', 'Ira', 'Kavya', 'Priya',
  'Sneha', 'Pooja', 'Lakshmi', 'Divya', 'Meera', 'Nandini', 'Shreya', 'Aishwarya', 'Fatima', 'Zoya', 'Gurpreet', 'Simran',
] as const;

export const lastNames = [
  'Sharma', 'Verma', 'Gupta', 'Iyer', 'Nair', 'Reddy', 'Rao', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Kulkarni',
  'Deshpande', 'Menon', 'Pillai', 'Singh', 'Chopra', 'Malhotra', 'Banerjee', 'Chatterjee', 'Das', 'Mukherjee', 'Naidu', 'Hegde',
  'Shetty', 'Kamath', 'Agarwal', 'Bansal', 'Khan', 'Qureshi', 'Fernandes', "D'Souza", 'Gill', 'Sandhu', 'Bhat', 'Srinivasan',
] as const;

export const localities = [
  'Koramangala', 'Indiranagar', 'HSR Layout', 'Whitefield', 'Jayanagar', 'Andheri West', 'Powai', 'Bandra East', 'Connaught Place',
  'Dwarka Sector 10', 'Saket', 'T. Nagar', 'Velachery', 'Gachibowli', 'Banjara Hills', 'Salt Lake Sector V', 'Hinjewadi Phase 1',
  'Kothrud', 'Navrangpura', 'Malviya Nagar', 'Gomti Nagar', 'Sector 17', 'Kakkanad', 'RS Puram', 'Vijay Nagar', 'Baner',
] as const;

export const businesses = [
  'Sri Lakshmi Kirana Stores', 'Green Leaf Apartments', 'Prestige Tech Park', 'Café Coffee Day', 'Sai Baba Medicals', 'Hotel Sagar Ratna',
  'Brigade Gateway', 'DLF Cyber City', 'Phoenix Marketcity', 'Apollo Pharmacy', 'Reliance Fresh', 'Decathlon', 'Nexus Mall',
  'Infosys Campus Gate 2', 'Kamat Hotel', 'Shanti Sagar', 'Orion Mall', 'Forum Mall', 'Mantri Square', 'Indian Oil Petrol Pump',
] as const;

/** A deterministic integer in [0, 2^31) for row `n` and a salt (a SQL expression). */
export function sqlHash(n: SQL, salt: string): SQL {
  return sql`(hashtext(${n}::text || ${salt}) & 2147483647)`;
}

/** A deterministic pick from a list for row `n` (a SQL expression). */
export function sqlPick(values: readonly string[], n: SQL, salt: string): SQL {
  return sql`(${sql.param([...values])}::text[])[1 + ${sqlHash(n, salt)} % ${values.length}]`;
}

/** A deterministic integer in [min, max] for row `n`. */
export function sqlBetween(min: number, max: number, n: SQL, salt: string): SQL {
  return sql`(${min} + ${sqlHash(n, salt)} % ${max - min + 1})`;
}

/** A deterministic 10-digit Indian mobile number for row `n` of a series (prefix keeps series apart). */
export function sqlMobile(prefix: '6' | '7' | '8' | '9', n: SQL, offset = 0): SQL {
  return sql`(${prefix} || lpad((${n} + ${offset})::text, 9, '0'))`;
}

/** A JS deterministic pseudo-random generator (mulberry32) for small seed steps. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many rows a bulk step should hold at a scale (at least `min`). */
export function scaled(base: number, scale: number, min = 1): number {
  return Math.max(min, Math.round(base * scale));
}
