export interface CrmLead {
  formSubject: string;
  name: string;
  phone: string;
  question: string;
  fields: Record<string, string>;
  /** The operator's address the CRM notifies (from the contacts settings, never from the browser). */
  adminEmail: string;
  projectName: string;
  page: string;
}

export type CrmResult = { ok: true; ref: string } | { ok: false; reason: string };

/** The CRM that receives callback and question forms (catalogue.md §7, "CRM helper"). */
export interface CrmProvider {
  readonly name: string;
  /** Hands one lead to the CRM; an expected refusal is a result, a network fault throws. */
  submitLead(lead: CrmLead): Promise<CrmResult>;
}
