import type { LeadResponse } from '@cardcraft/contracts';

/** how the screen names a lead: the name the visitor gave, else their e-mail address */
export function leadName(lead: Pick<LeadResponse, 'name' | 'email'>): string {
  return lead.name ?? lead.email;
}
