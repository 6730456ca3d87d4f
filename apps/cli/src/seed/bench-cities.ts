import type { BenchCity } from '@hcs/domain';

/** Cities of the generated benchmark catalog (properties are spread round-robin). */
export const BENCH_CITIES: BenchCity[] = [
  ['Lisbon', 'Lisboa', 'PT', 'Europe/Lisbon', 'EUR', 38.72, -9.14],
  ['Porto', 'Porto', 'PT', 'Europe/Lisbon', 'EUR', 41.15, -8.61],
  ['Madrid', 'Madrid', 'ES', 'Europe/Madrid', 'EUR', 40.42, -3.7],
  ['Barcelona', 'Catalonia', 'ES', 'Europe/Madrid', 'EUR', 41.39, 2.17],
  ['Seville', 'Andalusia', 'ES', 'Europe/Madrid', 'EUR', 37.39, -5.98],
  ['Paris', 'Ile-de-France', 'FR', 'Europe/Paris', 'EUR', 48.86, 2.35],
  ['Lyon', 'Auvergne-Rhone-Alpes', 'FR', 'Europe/Paris', 'EUR', 45.76, 4.84],
  ['Nice', "Provence-Alpes-Cote d'Azur", 'FR', 'Europe/Paris', 'EUR', 43.7, 7.27],
  ['Rome', 'Lazio', 'IT', 'Europe/Rome', 'EUR', 41.9, 12.5],
  ['Milan', 'Lombardy', 'IT', 'Europe/Rome', 'EUR', 45.46, 9.19],
  ['Florence', 'Tuscany', 'IT', 'Europe/Rome', 'EUR', 43.77, 11.26],
  ['Venice', 'Veneto', 'IT', 'Europe/Rome', 'EUR', 45.44, 12.32],
  ['Berlin', 'Berlin', 'DE', 'Europe/Berlin', 'EUR', 52.52, 13.4],
  ['Munich', 'Bavaria', 'DE', 'Europe/Berlin', 'EUR', 48.14, 11.58],
  ['Hamburg', 'Hamburg', 'DE', 'Europe/Berlin', 'EUR', 53.55, 9.99],
  ['Amsterdam', 'North Holland', 'NL', 'Europe/Amsterdam', 'EUR', 52.37, 4.9],
  ['Brussels', 'Brussels', 'BE', 'Europe/Brussels', 'EUR', 50.85, 4.35],
  ['Vienna', 'Vienna', 'AT', 'Europe/Vienna', 'EUR', 48.21, 16.37],
  ['Prague', 'Prague', 'CZ', 'Europe/Prague', 'EUR', 50.08, 14.44],
  ['Budapest', 'Budapest', 'HU', 'Europe/Budapest', 'EUR', 47.5, 19.04],
  ['Athens', 'Attica', 'GR', 'Europe/Athens', 'EUR', 37.98, 23.73],
  ['Dublin', 'Leinster', 'IE', 'Europe/Dublin', 'EUR', 53.35, -6.26],
  ['London', 'England', 'GB', 'Europe/London', 'GBP', 51.51, -0.13],
  ['Edinburgh', 'Scotland', 'GB', 'Europe/London', 'GBP', 55.95, -3.19],
  ['Manchester', 'England', 'GB', 'Europe/London', 'GBP', 53.48, -2.24],
  ['New York', 'New York', 'US', 'America/New_York', 'USD', 40.71, -74.01],
  ['Boston', 'Massachusetts', 'US', 'America/New_York', 'USD', 42.36, -71.06],
  ['Chicago', 'Illinois', 'US', 'America/Chicago', 'USD', 41.88, -87.63],
  ['Austin', 'Texas', 'US', 'America/Chicago', 'USD', 30.27, -97.74],
  ['Denver', 'Colorado', 'US', 'America/Denver', 'USD', 39.74, -104.99],
  ['San Francisco', 'California', 'US', 'America/Los_Angeles', 'USD', 37.77, -122.42],
  ['Los Angeles', 'California', 'US', 'America/Los_Angeles', 'USD', 34.05, -118.24],
  ['Seattle', 'Washington', 'US', 'America/Los_Angeles', 'USD', 47.61, -122.33],
  ['Miami', 'Florida', 'US', 'America/New_York', 'USD', 25.76, -80.19],
  ['Tokyo', 'Tokyo', 'JP', 'Asia/Tokyo', 'JPY', 35.68, 139.69],
  ['Osaka', 'Osaka', 'JP', 'Asia/Tokyo', 'JPY', 34.69, 135.5],
  ['Kyoto', 'Kyoto', 'JP', 'Asia/Tokyo', 'JPY', 35.01, 135.77],
  ['Singapore', 'Singapore', 'SG', 'Asia/Singapore', 'USD', 1.35, 103.82],
  ['Sydney', 'New South Wales', 'AU', 'Australia/Sydney', 'USD', -33.87, 151.21],
  ['Auckland', 'Auckland', 'NZ', 'Pacific/Auckland', 'USD', -36.85, 174.76],
].map(([city, region, country, timezone, currency, lat, lng]) => ({ city, region, country, timezone, currency, lat, lng }) as BenchCity);

/**
 * The cities for `count` properties with about `perCity` in each: the named cities first, then
 * generated ones ("Bench City 41", ...) in the named cities' zones and currencies, so a tenant of
 * 10,000 properties and one of 1,000 can both hold a city of ~100 (bench "search at scale").
 */
export function benchCities(count: number, perCity?: number): BenchCity[] {
  if (perCity === undefined) return BENCH_CITIES;
  const wanted = Math.max(1, Math.ceil(count / perCity));
  return Array.from({ length: wanted }, (_, i) => {
    const named = BENCH_CITIES[i % BENCH_CITIES.length];
    return i < BENCH_CITIES.length ? named : { ...named, city: `Bench City ${i + 1}`, lat: named.lat + 0.5, lng: named.lng + 0.5 };
  });
}
