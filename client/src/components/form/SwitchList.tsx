import { Switch } from './Switch';
import './switchList.css';

/** A list of on/off switches headed by All, which is on when every item is (Systems, Zones). */
export function SwitchList<T>({
  items,
  itemId,
  itemLabel,
  selected,
  onToggle,
  onAll,
}: {
  items: readonly T[];
  itemId(item: T): string;
  itemLabel(item: T): string;
  selected: readonly string[];
  onToggle(id: string): void;
  onAll(on: boolean): void;
}) {
  const all = items.length > 0 && items.every((i) => selected.includes(itemId(i)));
  return (
    <ul className="switch-list">
      <li>
        <Switch label="All" checked={all} onChange={onAll} />
      </li>
      {items.map((i) => (
        <li key={itemId(i)}>
          <Switch
            label={itemLabel(i)}
            checked={selected.includes(itemId(i))}
            onChange={() => onToggle(itemId(i))}
          />
        </li>
      ))}
    </ul>
  );
}
