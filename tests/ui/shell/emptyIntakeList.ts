// For tests of the shell that land on the intake list: the list answers an empty firm instead of
// calling a server jsdom has not got (which only logged 'Error fetching intakes' and hid real errors).
// A test file mocks the module with it, the list's own tests mock it themselves:
//   vi.mock('../../../src/api/intakes', (importOriginal) => withEmptyIntakeList(importOriginal));
import { vi } from 'vitest';
import type * as Intakes from '../../../src/api/intakes';

export async function withEmptyIntakeList(importOriginal: () => Promise<unknown>): Promise<typeof Intakes> {
  const original = (await importOriginal()) as typeof Intakes;
  return { ...original, listIntakes: vi.fn(() => Promise.resolve({ rows: [], totalRecords: 0 })) };
}
