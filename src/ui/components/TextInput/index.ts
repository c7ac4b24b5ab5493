export { TextInput, type TextInputProps } from './TextInput';
export {
  charactersRemaining,
  cutToLimit,
  CharacterCounter,
  describedBy,
  FieldError,
  FieldLabel,
  RequiredMark,
  useFieldIds,
  type FieldIds,
} from './FieldParts';
