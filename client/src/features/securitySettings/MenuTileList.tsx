import { useState } from 'react';
import type { MenuTile } from '../../../../shared/menu/menuEditor';

/**
 * The reorderable tiles of the Security Settings editor
 * (docs/product/reports-and-settings.md#screens): one row per item with its switch, nested rows for
 * a group's items. Active tiles move by dragging or with the arrow buttons; an inactive tile does
 * not move (docs/product/reports-and-settings.md#states).
 */
export function MenuTileList({
  tiles,
  depth = 0,
  onToggle,
  onMove,
}: {
  tiles: readonly MenuTile[];
  depth?: number;
  onToggle: (id: string, on: boolean) => void;
  onMove: (id: string, toIndex: number) => void;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  return (
    <ul className={depth === 0 ? 'menu-tiles' : 'menu-tiles menu-tiles--nested'}>
      {tiles.map((tile, index) => (
        <li
          key={tile.id}
          className={`menu-tile menu-tile--c${index % 4}${tile.isActive ? '' : ' menu-tile--off'}`}
          data-menu-id={tile.id}
          onDragOver={(e) => {
            if (dragging && tiles.some((t) => t.id === dragging)) e.preventDefault();
          }}
          onDrop={(e) => {
            e.stopPropagation();
            if (dragging && dragging !== tile.id) onMove(dragging, index);
            setDragging(null);
          }}
        >
          <div
            className="menu-tile__row"
            draggable={tile.isActive}
            onDragStart={(e) => {
              e.stopPropagation();
              setDragging(tile.id);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span className="menu-tile__handle" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="menu-tile__title">
              {tile.title}
              {tile.external ? <span className="muted"> (external link)</span> : null}
            </span>
            <span className="menu-tile__moves">
              <button
                type="button"
                className="icon-button"
                aria-label={`Move ${tile.title} up`}
                disabled={!tile.isActive || index === 0}
                onClick={() => onMove(tile.id, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Move ${tile.title} down`}
                disabled={!tile.isActive || index === tiles.length - 1}
                onClick={() => onMove(tile.id, index + 1)}
              >
                ↓
              </button>
            </span>
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                aria-label={tile.title}
                checked={tile.isActive}
                onChange={(e) => onToggle(tile.id, e.target.checked)}
              />
              <span className="switch__track" aria-hidden="true" />
            </label>
          </div>
          {tile.children.length > 0 ? (
            <MenuTileList tiles={tile.children} depth={depth + 1} onToggle={onToggle} onMove={onMove} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
