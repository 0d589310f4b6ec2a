import { cities } from '@server/db/schema';
import type { SeedStep } from './seed-context';
import { seedId } from './seed-id';

/** The city the console opens on. */
export const DEFAULT_CITY_NAME = 'Bengaluru';

/** Cities of the network with their state and real coordinates (city centre). */
export const demoCities: readonly { name: string; state: string; latitude: number; longitude: number }[] = [
  { name: 'Bengaluru', state: 'Karnataka', latitude: 12.9716, longitude: 77.5946 },
  { name: 'Mumbai', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777 },
  { name: 'New Delhi', state: 'Delhi', latitude: 28.6139, longitude: 77.209 },
  { name: 'Chennai', state: 'Tamil Nadu', latitude: 13.0827, longitude: 80.2707 },
  { name: 'Hyderabad', state: 'Telangana', latitude: 17.385, longitude: 78.4867 },
  { name: 'Kolkata', state: 'West Bengal', latitude: 22.5726, longitude: 88.3639 },
  { name: 'Pune', state: 'Maharashtra', latitude: 18.5204, longitude: 73.8567 },
  { name: 'Ahmedabad', state: 'Gujarat', latitude: 23.0225, longitude: 72.5714 },
  { name: 'Jaipur', state: 'Rajasthan', latitude: 26.9124, longitude: 75.7873 },
  { name: 'Lucknow', state: 'Uttar Pradesh', latitude: 26.8467, longitude: 80.9462 },
  { name: 'Chandigarh', state: 'Chandigarh', latitude: 30.7333, longitude: 76.7794 },
  { name: 'Kochi', state: 'Kerala', latitude: 9.9312, longitude: 76.2673 },
  { name: 'Coimbatore', state: 'Tamil Nadu', latitude: 11.0168, longitude: 76.9558 },
  { name: 'Mysuru', state: 'Karnataka', latitude: 12.2958, longitude: 76.6394 },
  { name: 'Mangaluru', state: 'Karnataka', latitude: 12.9141, longitude: 74.856 },
  { name: 'Indore', state: 'Madhya Pradesh', latitude: 22.7196, longitude: 75.8577 },
  { name: 'Bhopal', state: 'Madhya Pradesh', latitude: 23.2599, longitude: 77.4126 },
  { name: 'Nagpur', state: 'Maharashtra', latitude: 21.1458, longitude: 79.0882 },
  { name: 'Surat', state: 'Gujarat', latitude: 21.1702, longitude: 72.8311 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', latitude: 17.6868, longitude: 83.2185 },
  { name: 'Bhubaneswar', state: 'Odisha', latitude: 20.2961, longitude: 85.8245 },
  { name: 'Gurugram', state: 'Haryana', latitude: 28.4595, longitude: 77.0266 },
  { name: 'Noida', state: 'Uttar Pradesh', latitude: 28.5355, longitude: 77.391 },
  { name: 'Thiruvananthapuram', state: 'Kerala', latitude: 8.5241, longitude: 76.9366 },
  { name: 'Panaji', state: 'Goa', latitude: 15.4909, longitude: 73.8278 },
  { name: 'Dehradun', state: 'Uttarakhand', latitude: 30.3165, longitude: 78.0322 },
];

/** The deterministic id of a seeded city. */
export function demoCityId(name: string, state: string): string {
  return seedId('city', `${name}|${state}`);
}

/** Seeds the cities, Bengaluru as the default. */
export const seedCities: SeedStep = {
  name: 'cities',
  async run({ tx }) {
    await tx
      .insert(cities)
      .values(demoCities.map((c) => ({ id: demoCityId(c.name, c.state), ...c, isDefault: c.name === DEFAULT_CITY_NAME })))
      .onConflictDoNothing();
    return demoCities.length;
  },
};
