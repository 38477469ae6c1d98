/**
 * 'Filter by City' (docs/product/reports-and-settings.md#screens: Excessive Alarm Accounts, Agency
 * Dispatch, Actuals, Refused Dispatch).
 */
export const ALL_CITIES = 'All';

/** The list's entries: 'All' first, then the distinct cities of the rows, sorted. */
export function cityOptions(cities: Iterable<string | null | undefined>): string[] {
  const set = new Set<string>();
  for (const c of cities) {
    const t = (c ?? '').trim();
    if (t) set.add(t);
  }
  return [ALL_CITIES, ...[...set].sort((a, b) => a.localeCompare(b))];
}

/** The rows of one city ('All' keeps every row); cities compare trimmed and case-insensitively. */
export function filterByCity<R>(
  rows: readonly R[],
  city: string,
  cityOf: (row: R) => string | null | undefined,
): readonly R[] {
  if (city === ALL_CITIES) return rows;
  const want = city.trim().toLowerCase();
  return rows.filter((r) => (cityOf(r) ?? '').trim().toLowerCase() === want);
}

/**
 * The left list. A screen keeps `value` and puts it back to ALL_CITIES when its data reloads
 * (the spec's rule for Excessive Alarm Accounts).
 */
export function CityFilter({
  cities,
  value,
  onChange,
  title = 'Filter by City',
}: {
  /** The entries, e.g. cityOptions(rows.map(r => r.city)); 'All' is added when missing. */
  cities: readonly string[];
  value: string;
  onChange(city: string): void;
  title?: string;
}) {
  const entries = cities[0] === ALL_CITIES ? cities : [ALL_CITIES, ...cities];
  return (
    <nav className="rp-cities" aria-label={title}>
      <h2 className="rp-cities__title">{title}</h2>
      <ul className="rp-cities__list">
        {entries.map((c) => (
          <li key={c}>
            <button
              type="button"
              className={`rp-cities__city${c === value ? ' is-current' : ''}`}
              aria-pressed={c === value}
              onClick={() => onChange(c)}
            >
              {c}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
