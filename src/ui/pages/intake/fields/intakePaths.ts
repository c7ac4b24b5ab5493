// The kinds of field paths each bound field accepts: the catalogue's own (src/domain/intake/fields.ts),
// so a wrong path (a text path on a Yes/No field) fails to compile.
export type { CountPath, DatePath, TextPath, TickGroupBase, TickGroupId, YesNoPath } from '../../../../domain/intake/fields';
