/** An item's ← and → buttons in an ordered grid: the keyboard's way to what dragging does. */
export function MoveButtons({
  index,
  count,
  busy,
  onMove,
  earlier,
  later,
}: {
  index: number;
  count: number;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  /** The buttons' accessible names. */
  earlier: string;
  later: string;
}) {
  return (
    <>
      <button
        type="button"
        className="adm-btn"
        disabled={busy || index === 0}
        onClick={() => onMove(-1)}
        aria-label={earlier}
      >
        ←
      </button>
      <button
        type="button"
        className="adm-btn"
        disabled={busy || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={later}
      >
        →
      </button>
    </>
  );
}
