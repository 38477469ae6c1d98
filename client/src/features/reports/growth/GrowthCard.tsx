import type { ReactNode } from 'react';
import type { GrowthCounts } from '../../../../../shared/reports/growthMonths';

/**
 * A growth card (docs/product/reports-and-settings.md#screens): the current month or the year to
 * date, with Add, Canceled and Net.
 */
export function GrowthCard({
  title,
  counts,
  actions,
}: {
  title: string;
  counts: GrowthCounts;
  actions?: ReactNode;
}) {
  return (
    <section className="card growth-card" aria-label={title}>
      <header className="growth-card__header">
        <h2 className="growth-card__title">{title}</h2>
        {actions}
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">Add</th>
            <th scope="col">Canceled</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-testid="growth-add">{counts.add}</td>
            <td data-testid="growth-canceled">{counts.canceled}</td>
            <td data-testid="growth-net">{counts.net}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
