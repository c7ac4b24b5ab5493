// The kinds of field paths each bound field accepts, derived from the intake's own types so a
// wrong path (a text path on a Yes/No field) fails to compile.
import type { Answer, calendarDatePaths, FieldPath, FieldValue } from '../../../../domain/intake/types';

/** Yes/No questions: true, false or null (docs/product/intake-form.md). */
export type YesNoPath = {
  [P in FieldPath]: [FieldValue<P>] extends [Answer] ? ([Answer] extends [FieldValue<P>] ? P : never) : never;
}[FieldPath];

/** The two counts typed in number inputs. */
export type CountPath = 'personalInformation.passengerCount' | 'incidentDescription.howManyVehicles';

/** The calendar dates ('YYYY-MM-DD'). */
export type DatePath = (typeof calendarDatePaths)[number];

/** The tick-box sections: one boolean per key. */
export type TickGroupBase = 'pointsOfInjury' | 'checklist' | 'injuryInformation.painAndSymptoms';
