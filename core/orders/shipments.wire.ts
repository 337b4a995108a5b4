/** One order's result of a hand-over of a selection (`POST /api/admin/orders/hand-over`). */
export type HandOverOutcome =
  | { number: number; outcome: 'shipped'; trackingNumber: string | null; version: number }
  | { number: number; outcome: 'refused'; message: string };

export interface HandOverManyAnswer {
  result: true;
  results: HandOverOutcome[];
}
