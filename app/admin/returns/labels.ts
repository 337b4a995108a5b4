import { returnStatusName } from '../../../core/staff-messages.ts';
import type { StaffText } from '../ui/staff-text.ts';

/**
 * Names of the returns' states, methods, reasons and decisions in the back office, from the staff
 * catalogue (core/staff-messages.ts) in the staff member's language (`t` is ../ui/staff-text.ts).
 */
export function returnStatusLabel(status: string, t: StaffText): string {
  return returnStatusName(status, t.locale);
}

export function returnMethodLabel(method: string, t: StaffText): string {
  switch (method) {
    case 'pickup_point':
      return t('slip.pickup_point');
    case 'courier':
      return t('return_label.courier');
    case 'showroom':
      return t('return_label.showroom');
    default:
      return method;
  }
}

export function returnReasonLabel(reason: string, t: StaffText): string {
  switch (reason) {
    case 'size':
      return t('return_label.wrong_size');
    case 'not_as_described':
      return t('return_label.not_as_described');
    case 'defect':
      return t('return_label.defect');
    case 'changed_mind':
      return t('return_label.changed_mind');
    default:
      return t('return_label.other');
  }
}

export function refundStatusLabel(status: string, t: StaffText): string {
  switch (status) {
    case 'none':
      return t('refund.none');
    case 'started':
      return t('refund.started');
    case 'succeeded':
      return t('buyout.refunded');
    case 'failed':
      return t('refund.failed');
    case 'manual':
      return t('return_label.refund_by_hand_no');
    case 'nothing':
      return t('refund.nothing');
    default:
      return status;
  }
}

export function decisionLabel(decision: string, t: StaffText): string {
  switch (decision) {
    case 'accepted':
      return t('return_label.accepted_to_stock');
    case 'defective':
      return t('return_label.accepted_defective');
    case 'refused':
      return t('return_label.refused');
    default:
      return t('return_label.pending');
  }
}

export function exchangeStatusLabel(status: string, t: StaffText): string {
  switch (status) {
    case 'reserved':
      return t('return_label.size_reserved');
    case 'to_ship':
      return t('return_label.to_send');
    case 'shipped':
      return t('return_label.sent');
    case 'released':
      return t('return_label.size_back_in_stock');
    default:
      return '';
  }
}
