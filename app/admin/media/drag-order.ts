import { type DragEvent, useState } from 'react';

/**
 * Ordering a grid by dragging its items (product photos, the looks): which item is being dragged,
 * which one it is over (`data-dragging`, `data-target` for the styles), and the props an item at
 * `index` takes. `drop` hears a drop on an item: the item dragged (null for files from outside).
 */
export function useDragOrder(
  busy: boolean,
  drop: (event: DragEvent<HTMLElement>, dragged: number | null, index: number) => void,
) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  return (index: number) => ({
    draggable: !busy,
    'data-dragging': dragged === index,
    'data-target': target === index && dragged !== index,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragged(index);
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragEnd: () => {
      setDragged(null);
      setTarget(null);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setTarget(index);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setTarget(null);
      drop(event, dragged, index);
      setDragged(null);
    },
  });
}
