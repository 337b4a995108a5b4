/** Roubles as typed in a form ("1 290,50") to kopecks; null when it is not a sum. */
export function parseRoubles(text: string): number | null {
  const cleaned = text.replace(/[\s ₽]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number.parseFloat(cleaned) * 100);
}

/** Kopecks as a form shows them: "1290" or "1290.50". */
export function roublesText(kopecks: number | null): string {
  if (kopecks === null) return '';
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2);
}
