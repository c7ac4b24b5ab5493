// One made-up firm, not yet connected to Neos, shown and edited by the contract, machine and page
// tests of the firm screens (docs/product/firm-and-neos.md Firm, Edit Firm).
import type { Firm } from '../../src/api/firm';

export const sampleFirm: Firm = {
  firmName: 'Example Injury Law',
  firmContact: 'Rowan Testperson',
  firmMail: 'office@example-law.test',
  firmAddress: '1 Sample Plaza, Testville',
  isNeosIntegrated: false,
  neosCredentials: null,
  limitationYears: 2,
  requireSecondFactor: false,
};
